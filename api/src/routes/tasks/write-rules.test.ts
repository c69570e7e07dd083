import { messageFor } from '@domain/errors/catalogue'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unchanged } from '../../../test/db-state'
import { makeFields, makeTask, makeTaskProcess, userWith } from '../../../test/task-factories'
import { createTeam, UNKNOWN_ID } from '../../../test/tenant-factories'
import { startWorkflowApi } from '../../../test/workflow-factories'
import { tasks } from '../../db/schema'

/*
 * One rule, one answer (STYLE.md 18, ADR 014): each row is a change of a task sent through every
 * writer that can express it — POST (create), PATCH (edit), POST /tasks/{nodeId}/rql (bulk edit,
 * and its dry run) — and each must decide the same: the same status, codes, messages and locs (under
 * `body` for a task, `body.patch` for a bulk patch; a dry run lists a task's refusals in its 200
 * preview, with `run_status` the status the run answers). A refusal changes nothing.
 *
 * The process: To do → Doing (needs an assignee) → Done (by the team only) → To do. In To do,
 * cf_note is required; in Done, the title is read-only. The form leaves cf_locked read-only.
 */

let w: Awaited<ReturnType<typeof startWorkflowApi>>
let p: Awaited<ReturnType<typeof makeTaskProcess>>
let viewer: { token: string }
beforeAll(async () => {
  w = await startWorkflowApi()
  await makeFields(w.h, w.adminToken, w.startId)
  const team = await createTeam(w.h, w.startId, [])
  p = await makeTaskProcess(w.h, w.adminToken, w.startId, {
    body: ([todo, doing, done]) => ({
      transitions: [
        { from_status_id: todo, to_status_id: doing, required_fields: ['assignee'] },
        { from_status_id: doing, to_status_id: done, team_ids: [team.id] },
        { from_status_id: done, to_status_id: todo },
      ],
      field_rules: [
        { status_id: todo, field: 'cf_note', rule: 'required' },
        { status_id: done, field: 'title', rule: 'readonly' },
      ],
    }),
  })
  viewer = await userWith(w.h, w.startId, ['task_view'])
})
afterAll(() => w.h.close())

const db = () => w.h.database.db
type Status = 0 | 1 | 2
type Who = 'admin' | 'viewer'
interface Row {
  /** The status (by position) the task is in before the change. */
  in: Status
  /** The change, as a task payload (custom values under custom_fields). */
  change: (statusIds: string[]) => Record<string, unknown>
  who?: Who
  /** Whether a create can say it (a create takes no status and has no current status). */
  create: boolean
  /** The answer's status and its details as `loc:type`, loc under the body (or the patch). */
  expected: [number, ...string[]]
}

const token = (who: Who = 'admin') => (who === 'admin' ? w.adminToken : viewer.token)

/** A task of the process in status `at` (moved in the database: the moves are not what is tested). */
async function taskIn(at: Status) {
  const t = await makeTask(w.h, w.adminToken, w.startId, p.process.id, { cf_note: 'n' })
  if (at > 0)
    await db()
      .update(tasks)
      .set({ statusId: p.statusIds[at]! })
      .where(and(eq(tasks.nodeId, w.startId), eq(tasks.id, t.id)))
  return t as Task
}
type Task = { id: string; key: string; version: number }

interface Answer {
  status: number
  details: { type: string; msg: string; loc?: (string | number)[]; ctx?: Record<string, unknown> }[]
}
const answer = (res: { status: number; body: { detail: Answer['details'] } }): Answer => ({
  status: res.status,
  details: res.body.detail,
})

/** The decision as the table writes it, and each message checked against the catalogue. */
function decision(a: Answer, under: string[]): [number, ...string[]] {
  if (a.status < 300) return [a.status < 300 ? 200 : a.status]
  for (const d of a.details) expect(d.msg, d.type).toBe(messageFor(d.type, d.ctx as Record<string, string>))
  return [
    a.status,
    ...a.details.map((d) => {
      const loc = d.loc ?? []
      expect(loc.slice(0, loc.length ? under.length : 0)).toEqual(loc.length ? under : [])
      return `${loc.slice(under.length).join('.')}:${d.type}`
    }),
  ]
}

const writers = {
  async create(row: Row) {
    const change = row.change(p.statusIds)
    const body = {
      title: 'New',
      ...change,
      custom_fields: { cf_note: 'n', ...(change.custom_fields as object | undefined) },
    }
    return answer(
      await w.h.call('POST', `/tasks/${w.startId}/${p.process.id}`, { token: token(row.who), body }),
    )
  },
  async edit(row: Row, t: Task) {
    const body = { version: t.version, ...row.change(p.statusIds) }
    return answer(await w.h.call('PATCH', `/tasks/${w.startId}/${t.id}`, { token: token(row.who), body }))
  },
  async bulk(row: Row, t: Task, dry_run = false) {
    const res = await w.h.call('POST', `/tasks/${w.startId}/rql`, {
      token: token(row.who),
      body: { query: `key = ${t.key}`, patch: row.change(p.statusIds), dry_run },
    })
    // A dry run answers a task's refusals in its preview, with the status the run would answer.
    const preview = dry_run && res.status === 200 ? res.body.data : undefined
    const details = preview ? preview.refusals : (res.body.detail ?? [])
    // A refusal about this task names it; one about the patch alone is said before any task.
    for (const d of details) if (d.ctx?.task !== undefined) expect(d.ctx.task).toBe(t.key)
    return preview ? { status: preview.run_status, details } : answer(res)
  },
}

// biome-ignore format: one row a line reads as a table
const rows: [string, Row][] = [
  ['a change every writer allows', { in: 0, create: true, change: () => ({ custom_fields: { cf_points: 3 } }), expected: [200] }],
  ['emptying a field the current status requires (no move)', { in: 0, create: true, change: () => ({ custom_fields: { cf_note: '' } }), expected: [422, 'custom_fields.cf_note:workflow.field_required'] }],
  ['a move the process does not list', { in: 0, create: false, change: (s) => ({ status_id: s[2] }), expected: [422, 'status_id:workflow.move_not_allowed'] }],
  ['a move the caller may not make (another team’s)', { in: 1, create: false, change: (s) => ({ status_id: s[2] }), expected: [403, 'status_id:workflow.move_forbidden'] }],
  ['a move without the field it requires', { in: 0, create: false, change: (s) => ({ status_id: s[1] }), expected: [422, 'assignee_id:workflow.field_required'] }],
  ['a field read-only at this status', { in: 2, create: false, change: () => ({ title: 'Changed' }), expected: [422, 'title:workflow.field_readonly'] }],
  ['a field not in the form’s editable list', { in: 0, create: true, change: () => ({ custom_fields: { cf_locked: 'x' } }), expected: [422, 'custom_fields.cf_locked:tasks.field_not_editable'] }],
  ['an invalid custom value', { in: 0, create: true, change: () => ({ custom_fields: { cf_points: 'many' } }), expected: [422, 'custom_fields.cf_points:value_error.number'] }],
  ['an unknown field', { in: 0, create: true, change: () => ({ custom_fields: { cf_nope: 'x' } }), expected: [422, 'custom_fields.cf_nope:value_error.extra'] }],
  ['a blank title', { in: 0, create: true, change: () => ({ title: ' ' }), expected: [422, 'title:value_error.missing'] }],
  ['an unknown status', { in: 0, create: false, change: () => ({ status_id: UNKNOWN_ID }), expected: [404, 'status_id:statuses.status_not_found'] }],
  ['an assignee not bound to the node', { in: 0, create: true, change: () => ({ assignee_id: UNKNOWN_ID }), expected: [404, 'assignee_id:users.user_not_found'] }],
  ['no right to write tasks of the process', { in: 0, who: 'viewer', create: true, change: () => ({ title: 'Mine' }), expected: [403, ':rights.forbidden'] }],
]

describe('create, edit and bulk edit decide alike (ADR 014)', () => {
  it.each(rows)('%s', async (_label, row) => {
    const refusal = row.expected[0] >= 300
    const run = (act: () => Promise<Answer>) => (refusal ? unchanged(db(), act) : act())
    const got: Record<string, [number, ...string[]]> = {}
    if (row.create) got.create = decision(await run(() => writers.create(row)), ['body'])
    const [one, many] = [await taskIn(row.in), await taskIn(row.in)]
    got.edit = decision(await run(() => writers.edit(row, one)), ['body'])
    got.dry_run = decision(await run(() => writers.bulk(row, many, true)), ['body', 'patch'])
    got.bulk = decision(await run(() => writers.bulk(row, many)), ['body', 'patch'])
    const want = Object.fromEntries(Object.keys(got).map((k) => [k, row.expected]))
    expect(got).toEqual(want)
  })
})
