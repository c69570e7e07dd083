import { Readable } from 'node:stream'
import { toCell } from '@domain/csv/cells'
import {
  type CsvLanguage,
  exportHeaders,
  hasColumn,
  STANDARD_COLUMNS,
  type StandardColumn,
} from '@domain/csv/headers'
import { neutralise } from '@domain/csv/safety'
import { formatDateTime } from '@domain/fields/dates'
import { hasRight } from '@domain/rights/rights'
import { valueAt } from '@domain/tasks/values'
import { stringify } from 'csv-stringify'
import { and } from 'drizzle-orm'
import type { Db } from '../../db/client'
import type { Caller } from '../../http/caller'
import { forbidden } from '../../http/errors'
import { usersByIds } from '../../repositories/tasks-repository'
import { keysetAfter } from '../../rql'
import type { NodeConfig } from '../node-config'
import { scopeIn, taskCaller } from '../task-access'
import { compileText, scopeCondition, selectMatching, type TaskRow } from '../task-query'
import { requireCsv } from './csv-settings'

/*
 * GET /tasks/{nodeId}/csv: every task a query selects among those the caller may view, as CSV —
 * read a page at a time after the last row's sort values (keyset), written as the client reads,
 * so memory stays the same whatever the number of rows. One column per standard field and per
 * custom field, headers in the caller's language, values as a user types them (domain/csv).
 */

/** Rows read per statement. */
export const EXPORT_PAGE = 500
/** Users (assignees, authors) remembered by id while writing one file. */
const PEOPLE_KEPT = 5_000

export interface ExportInput {
  query: string
  lang: CsvLanguage
}

type Person = { email: string }

/** The users a page names, looked up once each (a bounded memory of those seen). */
function peopleBook(db: Db) {
  const known = new Map<string, Person>()
  return {
    async load(ids: (string | null)[]) {
      const missing = [...new Set(ids.filter((id): id is string => !!id && !known.has(id)))]
      if (!missing.length) return
      if (known.size + missing.length > PEOPLE_KEPT) known.clear()
      for (const u of await usersByIds(db, missing)) known.set(u.id, { email: u.email })
    },
    email: (id: string | null) => (id ? (known.get(id)?.email ?? id) : ''),
  }
}

function rowOf(task: TaskRow, config: NodeConfig, people: ReturnType<typeof peopleBook>, lang: CsvLanguage) {
  const standard: Record<StandardColumn, string> = {
    key: task.key,
    title: task.title,
    description: task.description,
    process: config.flows.get(task.processId)?.process.key ?? '',
    status: config.statuses.get(task.statusId)?.name ?? task.statusId,
    assignee: people.email(task.assigneeId),
    author: people.email(task.authorId),
    created_at: formatDateTime(task.createdAt.toISOString()),
    updated_at: formatDateTime(task.updatedAt.toISOString()),
  }
  const cells = [
    ...STANDARD_COLUMNS.map((c) => standard[c.name]),
    ...config.customs.filter(hasColumn).map((d) => toCell(d, valueAt(task.customFields, d.name), lang)),
  ]
  return cells.map(neutralise)
}

/** The file's name: the node's tasks and today's date. */
export const exportFileName = () => `tasks-${new Date().toISOString().slice(0, 10)}.csv`

/**
 * Checks the caller and the query (403, 422 before any byte is written), then answers the rows as
 * a stream. The stream stops reading the database when the client goes away (destroyed).
 */
export async function exportTasks(db: Db, c: Caller, nodeId: string, input: ExportInput): Promise<Readable> {
  const who = await taskCaller(db, c, nodeId)
  const { delimiter } = await requireCsv(db, nodeId)
  if (!hasRight(who.rights, 'task_view')) throw forbidden()
  const scope = scopeIn(who.config, who.rights, 'task_view')
  const compiled = await compileText(db, nodeId, input.query, c.auth.user.id, who.config.customs)
  const { config } = who
  const people = peopleBook(db)
  const base = scopeCondition(nodeId, scope, compiled.where)
  const nothing = Array.isArray(scope) && scope.length === 0

  async function* rows() {
    // A custom field's title is an administrator's text like any cell's: neutralised as well.
    yield exportHeaders(config.customs, input.lang).map(neutralise)
    if (nothing) return
    let after: (string | null)[] | undefined
    for (;;) {
      const condition = after ? and(base, keysetAfter(compiled.orderBy, after))! : base
      const page = await selectMatching(db, compiled, condition, { limit: EXPORT_PAGE })
      await people.load(page.flatMap((r) => [r.task.assigneeId, r.task.authorId]))
      for (const r of page) yield rowOf(r.task, config, people, input.lang)
      if (page.length < EXPORT_PAGE) return
      after = page[page.length - 1]!.sort
    }
  }
  // A BOM first, so that spreadsheets read the file as UTF-8.
  const out = stringify({ delimiter, bom: true, record_delimiter: 'windows' })
  const source = Readable.from(rows())
  source.on('error', (e) => out.destroy(e))
  out.on('close', () => source.destroy())
  return source.pipe(out)
}
