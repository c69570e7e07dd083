// The plans of RQL queries as the upstream runs them: each query is compiled by the real compiler
// (api/src/rql) and both of its statements — the page (per_page + 1 rows) and the total — are
// shown with EXPLAIN (ANALYZE, BUFFERS) — and a search's page as it is first looked for among the
// newest tasks (`walk`: api/src/services/task-walk.ts, PROBE rows per row needed); each --key= is the get-by-key statement (the task with
// its attachments and people, task-card-repository.ts: GET /tasks/{nodeId}/{key}/key). Run with tsx (it imports the upstream's TypeScript):
//   npx tsx bench/tasks-explain.ts --database-url=postgres://… [--node=start] [--per-page=50] [--key=DEV-1234 …] 'query' …
// Prints JSON: [{ query, page: { sql, plan }, walk?: { sql, plan }, count: { sql, plan }, counted: { sql, plan } } …, { key, lookup: { sql, plan } } …].
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { openDatabase } from '../api/src/db/client'
import { nodes, users } from '../api/src/db/schema'
import { taskCardByKeyQuery } from '../api/src/repositories/task-card-repository'
import { overFirstRows } from '../api/src/rql/window'
import { pageStatement } from '../api/src/services/task-page-memo'
import { compileText, countQuery, matchingQuery, scopeCondition } from '../api/src/services/task-query'
import { QUERY_TOTAL_CAP } from '../api/src/services/task-query-page'
import { PROBE, walksForPages } from '../api/src/services/task-walk'

const opts = { url: process.env.DATABASE_URL ?? '', node: 'start', perPage: 50 }
const queries: string[] = []
const keys: string[] = []
for (const a of process.argv.slice(2)) {
  if (!a.startsWith('--')) queries.push(a)
  const [k, v = ''] = a.replace(/^--/, '').split('=')
  if (k === 'database-url') opts.url = v
  if (k === 'node') opts.node = v
  if (k === 'per-page') opts.perPage = Number(v)
  if (k === 'key') keys.push(v)
}

const database = await openDatabase({ databaseUrl: opts.url, dataDir: ':memory:' })
const client = new pg.Client({ connectionString: opts.url })
await client.connect()
try {
  const { db } = database
  const [node] = await db.select().from(nodes).where(eq(nodes.domain, opts.node))
  const [admin] = await db.select().from(users).where(eq(users.isSuperuser, true)).limit(1)
  const explain = async (q: { toSQL(): { sql: string; params: unknown[] } }) => {
    const { sql, params } = q.toSQL()
    const res = await client.query(`explain (analyze, buffers) ${sql}`, params)
    return { sql, params, plan: res.rows.map((r) => r['QUERY PLAN']).join('\n') }
  }
  const out: unknown[] = []
  for (const text of queries) {
    const compiled = await compileText(db, node!.id, text, admin!.id)
    const condition = scopeCondition(node!.id, 'all', compiled.where)
    const page = matchingQuery(db, compiled, condition, { limit: opts.perPage + 1 })
    const first = scopeCondition(node!.id, 'all', undefined)
    const scanned = scopeCondition(node!.id, 'all', compiled.whereScanned)
    const walked = matchingQuery(db, compiled, scanned, { limit: opts.perPage + 1 })
    out.push({
      query: text,
      page: await explain(page),
      walk: walksForPages(compiled)
        ? await explain(overFirstRows(walked, first, compiled.orderBy, (opts.perPage + 1) * PROBE))
        : undefined,
      count: await explain(countQuery(db, compiled, condition)),
      // The page and its total in one statement, as POST /tasks/rql sends a first page (issue 28).
      counted: await explain({
        toSQL: () => {
          const { text: sql, params } = pageStatement(
            { compiled, pages: null },
            {
              nodeId: node!.id,
              scope: 'all',
              offset: false,
            },
          ).counted({ limit: opts.perPage + 1, offset: 0, cap: QUERY_TOTAL_CAP })
          return { sql, params }
        },
      }),
    })
  }
  // As getTaskByKey asks it: the key upper-cased.
  for (const key of keys)
    out.push({ key, lookup: await explain(taskCardByKeyQuery(db, node!.id, key.trim().toUpperCase())) })
  console.log(JSON.stringify(out, null, 2))
} finally {
  await client.end()
  await database.close()
}
