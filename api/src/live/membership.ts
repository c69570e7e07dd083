import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { tasks } from '../db/schema'
import { type CompiledQuery, joinClauses } from '../rql'

/*
 * Did a changed task match a widget's query before the change, or after it (PRODUCT.md §7 "Live")?
 * One statement per changed task answers it for every widget query at once: each query's compiled
 * condition runs over a one-row relation named `tasks` that shadows the table (a CTE): the task as
 * it is now, and the task with the change's old values put back. The compiler's SQL is used as it
 * is — one query language in SQL, not a second evaluator in JavaScript.
 */

/** One task's change within a batch of events: the fields' values before the batch. */
export interface TaskChange {
  taskId: string
  /** Created in this batch: it matched nothing before. */
  created: boolean
  /** Field (as events name it: title, description, assignee, status, cf_…) → its old value. */
  old: Map<string, unknown>
}

export interface Membership {
  /** null: the task is gone (or was never there). */
  processId: string | null
  /** The task's status now (a kanban's column: the live frame names the columns a change touched). */
  statusId: string | null
  /** Per query, in the order given. */
  before: boolean[]
  after: boolean[]
}

/** The system fields events name, by the column that holds them. */
const COLUMNS: Record<string, string> = {
  title: 'title',
  description: 'description',
  assignee: 'assignee_id',
  status: 'status_id',
}

/** The row's old values as a jsonb patch over `to_jsonb(r)` (custom fields set or removed by path). */
function beforePatch(old: Map<string, unknown>): SQL {
  const plain: Record<string, unknown> = {}
  let custom: SQL | undefined
  for (const [field, value] of old) {
    const column = COLUMNS[field]
    if (column) plain[column] = value ?? null
    else if (field.startsWith('cf_')) {
      const path = `{${field.split('.').join(',')}}`
      const base = custom ?? sql`r.custom_fields`
      custom =
        value === null || value === undefined
          ? sql`(${base} #- ${path}::text[])`
          : sql`jsonb_set(${base}, ${path}::text[], ${JSON.stringify(value)}::jsonb, true)`
    }
  }
  const patch = sql`${JSON.stringify(plain)}::jsonb`
  return custom ? sql`${patch} || jsonb_build_object('custom_fields', ${custom})` : patch
}

/** `array[exists(select 1 from tasks … where q1), …]` over whatever `tasks` means there. */
function matches(db: Db, queries: CompiledQuery[]): SQL {
  const each = queries.map((q) => {
    let sub = db.select({ one: sql`1` }).from(tasks).$dynamic()
    for (const j of joinClauses(q.whereJoins)) sub = sub.leftJoin(j.table, j.on)
    return sql`exists(${sub.where(q.where ?? sql`true`).getSQL()})`
  })
  return sql`array[${sql.join(each, sql`, `)}]::boolean[]`
}

type Row = {
  process_id: string | null
  status_id: string | null
  before: boolean[] | null
  after: boolean[] | null
}

/** Whether the task matched each query before and after its change (one round trip). */
export async function membership(
  db: Db,
  nodeId: string,
  change: TaskChange,
  queries: CompiledQuery[],
): Promise<Membership> {
  if (queries.length === 0) return { processId: null, statusId: null, before: [], after: [] }
  const row = sql`select * from ${tasks} where node_id = ${nodeId}::uuid and id = ${change.taskId}::uuid`
  const now = sql`(with live_now as (${row}), tasks as (select * from live_now) select ${matches(db, queries)})`
  const then = change.created
    ? sql`null::boolean[]`
    : sql`(with live_then as (${row}),
             tasks as (select (jsonb_populate_record(null::tasks, to_jsonb(r) || ${beforePatch(change.old)})).*
                         from live_then r)
           select ${matches(db, queries)})`
  const res = (await db.execute(sql`
    select (select process_id from (${row}) t) as process_id,
           (select status_id from (${row}) t) as status_id, ${then} as before, ${now} as after`)) as unknown as {
    rows: Row[]
  }
  const r = res.rows[0]
  const none = queries.map(() => false)
  if (!r?.process_id) return { processId: null, statusId: null, before: none, after: none }
  return {
    processId: r.process_id,
    statusId: r.status_id,
    before: r.before ?? none,
    after: r.after ?? none,
  }
}
