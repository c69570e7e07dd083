import { createHash } from 'node:crypto'
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { fields, type IndexState } from '../db/schema'
import { indexedValueText } from '../rql/columns'

/*
 * Indexed custom fields (issue 28 item 2). An administrator marks a field `indexed`; the upstream
 * then keeps one b-tree on `tasks (node_id, nullif(custom_fields #> '{name}', 'null'))` for it —
 * the very expression the query compiler writes for that field once the index is ready
 * (rql/columns.ts `indexedValue`), so `=`, `in`, number comparisons and `order by` read it.
 *
 * The work is a reconciliation, run after the answer and one at a time in this process: the
 * node's marked fields are what should exist, the `tasks_cf_<node hash>_…` indexes what does.
 * Indexes no field wants (unmarked, renamed, deleted) are dropped; missing ones are built
 * CONCURRENTLY (outside any transaction, so writes to tasks go on meanwhile — PGlite accepts the
 * same statement). A build that fails leaves no invalid index behind (dropped) and the field
 * `failed`; one cut short by a restart is `building` still, and `resumeIndexBuilds` at start-up
 * builds it again (an invalid leftover is dropped first). An index another session is building
 * now (another process of ours: pg_stat_progress_create_index) is left to that session.
 *
 * Names come from ids and hashes only: `tasks_cf_` + 12 hex of the node id's hash + `_` + 16 hex of
 * the field id and name's hash. The name takes part so a rename gives a new index (the value now
 * lives under the new key); the only field text in the statement is the path, made of segments the
 * definition schema allows (`[a-z0-9_]`, checked again by indexedValueText).
 */

const hex = (s: string) => createHash('sha256').update(s).digest('hex')
const nodePart = (nodeId: string) => `tasks_cf_${hex(`node\u0000${nodeId}`).slice(0, 12)}_`

export const fieldIndexName = (nodeId: string, fieldId: string, name: string) =>
  `${nodePart(nodeId)}${hex(`${fieldId}\u0000${name}`).slice(0, 16)}`

const SAFE_NAME = /^tasks_cf_[0-9a-f]{12}_[0-9a-f]{16}$/
const ident = (name: string) => {
  if (!SAFE_NAME.test(name)) throw new Error(`Not an index name of ours: ${name}`)
  return sql.raw(`"${name}"`)
}

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows

interface Existing {
  name: string
  valid: boolean
  /** Being built now by another session (another process of ours): left alone, it sets the state. */
  building: boolean
}

/** The node's field indexes as the catalogue has them (an invalid one is a build that failed or runs). */
async function existingIndexes(db: Db, nodeId?: string): Promise<Existing[]> {
  const like = `${nodeId ? nodePart(nodeId) : 'tasks_cf_'}%`.replace(/_/g, '\\_')
  const res = await db.execute(sql`
    select c.relname as name, i.indisvalid as valid,
           exists (select 1 from pg_stat_progress_create_index p
                    where p.index_relid = i.indexrelid and p.pid <> pg_backend_pid()) as building
      from pg_index i join pg_class c on c.oid = i.indexrelid
     where i.indrelid = to_regclass('tasks') and c.relname like ${like}`)
  return rowsOf<Existing>(res)
}

const dropIndex = (db: Db, name: string) => db.execute(sql`drop index concurrently if exists ${ident(name)}`)

function createStatement(name: string, fieldName: string): SQL {
  return sql`create index concurrently if not exists ${ident(name)} on tasks (node_id, (${sql.raw(indexedValueText(fieldName.split('.')))}))`
}

/** The state, written only while the field is still marked under the same name (no lost unmark). */
async function setState(db: Db, nodeId: string, fieldId: string, name: string, state: IndexState) {
  await db
    .update(fields)
    .set({ indexState: state })
    .where(
      and(
        eq(fields.nodeId, nodeId),
        eq(fields.id, fieldId),
        eq(fields.name, name),
        eq(fields.indexed, true),
        sql`${fields.indexState} is distinct from ${state}`,
      ),
    )
}

/** Makes the node's field indexes what its marked fields want. Never throws for one field's build. */
export async function reconcileNode(db: Db, nodeId: string): Promise<void> {
  const marked = await db
    .select({ id: fields.id, name: fields.name, state: fields.indexState })
    .from(fields)
    .where(and(eq(fields.nodeId, nodeId), eq(fields.indexed, true)))
  const wanted = new Map(marked.map((f) => [fieldIndexName(nodeId, f.id, f.name), f]))
  const existing = await existingIndexes(db, nodeId)
  const busy = new Set(existing.filter((e) => e.building).map((e) => e.name))
  for (const e of existing)
    if ((!wanted.has(e.name) || !e.valid) && !busy.has(e.name)) await dropIndex(db, e.name)
  const valid = new Set(existing.filter((e) => e.valid).map((e) => e.name))
  for (const [name, f] of wanted) {
    if (valid.has(name)) {
      await setState(db, nodeId, f.id, f.name, 'ready')
      continue
    }
    if (busy.has(name)) continue
    // Failed stays failed: marking the field again (unmark, mark) asks for a new build.
    if (f.state === 'failed') continue
    try {
      await db.execute(createStatement(name, f.name))
      const [built] = (await existingIndexes(db, nodeId)).filter((e) => e.name === name)
      // Another process started the same build first (IF NOT EXISTS returned at once): its to finish.
      if (built?.building) continue
      if (!built?.valid) throw new Error('the index is not valid')
      await setState(db, nodeId, f.id, f.name, 'ready')
    } catch {
      await dropIndex(db, name).catch(() => undefined)
      await setState(db, nodeId, f.id, f.name, 'failed')
    }
  }
}

/** Reconciliations in this process, one at a time (two builds of one name never race). */
let queue: Promise<void> = Promise.resolve()
const pending = new Set<Promise<void>>()

/** Runs the node's reconciliation after those already asked for; resolves when it has run. */
export function scheduleIndexes(db: Db, nodeId: string, onError?: (err: unknown) => void): Promise<void> {
  const run = queue.then(() => reconcileNode(db, nodeId)).catch((err) => onError?.(err))
  queue = run
  pending.add(run)
  void run.finally(() => pending.delete(run))
  return run
}

/** Every reconciliation asked for so far has run (an app closing waits for its builds). */
export async function indexBuildsSettled(): Promise<void> {
  while (pending.size) await Promise.all([...pending])
}

/**
 * At start-up: builds that a stop cut short (fields still `building`), and indexes left behind by a
 * field deleted or unmarked just before a stop, are reconciled node by node.
 */
export async function resumeIndexBuilds(db: Db, onError?: (err: unknown) => void): Promise<void> {
  const building = await db
    .selectDistinct({ nodeId: fields.nodeId })
    .from(fields)
    .where(inArray(fields.indexState, ['building']))
  const nodes = new Set(building.map((r) => r.nodeId))
  const leftovers = await existingIndexes(db)
  if (leftovers.length) {
    const all = await db
      .select({ nodeId: fields.nodeId, id: fields.id, name: fields.name })
      .from(fields)
      .where(eq(fields.indexed, true))
    const known = new Map(all.map((f) => [fieldIndexName(f.nodeId, f.id, f.name), f.nodeId]))
    for (const e of leftovers) {
      const node = known.get(e.name)
      if (node) {
        if (!e.valid) nodes.add(node)
      } else await dropIndex(db, e.name).catch((err) => onError?.(err))
    }
  }
  for (const nodeId of nodes) void scheduleIndexes(db, nodeId, onError)
}
