import type { DetailEntry } from '@domain/errors/catalogue'
import type { FieldDefinition } from '@domain/fields/types'
import type { ChoiceOption } from '~/fields/options'
import type { Access } from '../access.server'
import { type DataOf, upstream } from '../upstream.server'
import { type FlowOf, type PlacedTask, type StatusChoice, statusChoices } from './bulk-choices'
import { bulkFields } from './bulk-fields.server'
import { type Selection, selectionQuery } from './bulk-selection'
import { listProcesses } from './processes.server'
import { fieldRows, nodeStatuses, nodeUsers } from './tasks.server'

/*
 * The web app's side of a bulk edit (issue 24 item 4, PRODUCT.md §10 "Batches"): what the edit form
 * offers for a selection, the upstream's dry run read as a per-task preview, the edit applied as one
 * batch (POST /tasks/{nodeId}/rql) and its undo. The upstream decides every rule: this only asks.
 */

/** The most tasks the form looks at to work out its offer (a results page holds no more). */
const LOOKED_AT = 500

export interface SelectedTasks {
  tasks: PlacedTask[]
  /** How many tasks the selection holds (`exact` false: at least that many). */
  total: number
  exact: boolean
}

/** The selected tasks (the first 500 of them) with their process and status, and how many in all. */
export async function selectedTasks(
  request: Request,
  access: Access,
  selection: Selection,
): Promise<SelectedTasks | { problems: DetailEntry[] }> {
  const res = await upstream(request).post('/api/tasks/rql/{nodeId}', {
    path: { nodeId: access.node.id },
    body: { query: selectionQuery(selection), per_page: LOOKED_AT },
  })
  if (!res.ok) return { problems: orServerError(res.detail) }
  return {
    tasks: res.data.map((t) => ({ key: t.key, process_id: t.process_id, status_id: t.status_id })),
    total: res.meta.total,
    exact: res.meta.total_exact,
  }
}

export const orServerError = (detail: readonly DetailEntry[]): DetailEntry[] =>
  detail.length ? [...detail] : [{ type: 'server.error', msg: '' }]

/** The teams the user is in (transitions may be limited to teams); none when the node will not say. */
async function teamIdsOf(request: Request, access: Access): Promise<string[]> {
  const res = await upstream(request).get('/api/teams/{nodeId}', {
    path: { nodeId: access.node.id },
    query: { per_page: 500 },
  })
  return res.ok ? res.data.filter((t) => t.user_ids.includes(access.user.id)).map((t) => t.id) : []
}

type FlowWithForm = FlowOf & { form_id: string | null }

/** Each process with its progress's statuses in order: what domain/workflow reads. */
async function flowsOf(request: Request, access: Access): Promise<Map<string, FlowWithForm>> {
  const [processes, progress] = await Promise.all([
    listProcesses(request, access),
    upstream(request).get('/api/progress/{nodeId}', {
      path: { nodeId: access.node.id },
      query: { per_page: 500 },
    }),
  ])
  const statusIds = new Map(
    (progress.ok ? progress.data : []).map((p) => [p.id, p.statuses.map((s) => s.id)]),
  )
  return new Map(
    processes.map((p) => [
      p.id,
      {
        id: p.id,
        key: p.key,
        form_id: p.form_id,
        status_ids: statusIds.get(p.progress_id) ?? [],
        transitions: p.transitions,
        field_rules: p.field_rules,
      },
    ]),
  )
}

export interface StatusOffer extends StatusChoice {
  name: string
  color: string
}

/** What the edit form offers for a selection. */
export interface EditOffer {
  selected: SelectedTasks
  statuses: StatusOffer[]
  /** Offered when every selected process's form lets its tasks' assignee change. */
  assignee: FieldDefinition | null
  /** The custom fields every selected process's form lets change, and those a status requires. */
  fields: FieldDefinition[]
  options: Record<string, ChoiceOption[]>
  /** Field titles by name (every field of the node), for the required lists and the preview. */
  titles: Record<string, string>
}

export async function editOffer(
  request: Request,
  access: Access,
  selected: SelectedTasks,
): Promise<EditOffer> {
  const [flows, teamIds, rows, statuses, users] = await Promise.all([
    flowsOf(request, access),
    teamIdsOf(request, access),
    fieldRows(request, access),
    nodeStatuses(request, access),
    nodeUsers(request, access),
  ])
  const choices = statusChoices(selected.tasks, flows, { rights: access.rights, team_ids: teamIds })
  const statusById = new Map(statuses.map((s) => [s.id, s]))
  const involved = [...new Set(selected.tasks.map((t) => t.process_id))].flatMap((id) => {
    const flow = flows.get(id)
    return flow ? [flow] : []
  })
  const required = [...new Set(choices.flatMap((c) => c.required))]
  const offered = await bulkFields(request, access, rows, involved, required, { users, statuses })
  return {
    selected,
    statuses: choices.flatMap((c) => {
      const s = statusById.get(c.status_id)
      return s ? [{ ...c, name: s.name, color: s.color }] : []
    }),
    ...offered,
    titles: Object.fromEntries(rows.map((r) => [r.name, r.title])),
  }
}

/* ---------- the dry run, the apply, the undo ---------- */

/** One field of a task before and after. */
export interface PreviewChange {
  field: string
  old: unknown
  new: unknown
}

/** A dry run as the page shows it: per task what changes, and every refusal with its task. */
export interface Preview {
  /** How many tasks the edit changes. */
  count: number
  tasks: { key: string; changes: PreviewChange[] }[]
  refusals: { key: string; detail: DetailEntry[] }[]
  /** What is wrong with the edit itself (not with a task): a bad value, an unknown status… */
  problems: DetailEntry[]
}

type BulkAnswer = DataOf<'/api/tasks/{nodeId}/rql', 'post'>

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** Field changes from a task's `before`/`after` (or a `changes` list) of the dry run's answer. */
function changesOf(entry: Record<string, unknown>): PreviewChange[] {
  if (Array.isArray(entry.changes))
    return entry.changes.filter(isRecord).map((c) => ({ field: String(c.field), old: c.old, new: c.new }))
  const before = isRecord(entry.before) ? entry.before : {}
  const after = isRecord(entry.after) ? entry.after : {}
  return Object.keys(after).map((field) => ({ field, old: before[field] ?? null, new: after[field] }))
}

/** Refusals grouped by the task their `ctx.task` names; the others are the edit's own problems. */
function groupRefusals(detail: readonly DetailEntry[]): Pick<Preview, 'refusals' | 'problems'> {
  const byTask = new Map<string, DetailEntry[]>()
  const problems: DetailEntry[] = []
  for (const d of detail) {
    const key = d.ctx?.task
    if (typeof key === 'string') byTask.set(key, [...(byTask.get(key) ?? []), d])
    else problems.push(d)
  }
  return { refusals: [...byTask].map(([key, detail]) => ({ key, detail })), problems }
}

/** The upstream's dry-run answer (200) as a preview. */
export function previewOf(data: BulkAnswer, detail: readonly DetailEntry[] = []): Preview {
  const raw = data as Record<string, unknown>
  const listed = Array.isArray(raw.tasks) ? raw.tasks : Array.isArray(raw.sample) ? raw.sample : []
  const entries = listed.filter(isRecord)
  const tasks = entries
    .map((e) => ({ key: String(e.key), changes: changesOf(e), refused: e.refusals ?? e.detail }))
    .filter((e) => !Array.isArray(e.refused) || e.refused.length === 0)
    .map(({ key, changes }) => ({ key, changes }))
  // Refusals per task, however the answer lists them: beside the task, or in a list of their own.
  const refusedDetail: DetailEntry[] = [
    ...entries.flatMap((e) => {
      const r = e.refusals ?? e.detail
      return Array.isArray(r) ? r.filter(isRecord).map((d) => withTask(d, String(e.key))) : []
    }),
    ...(Array.isArray(raw.refusals) ? raw.refusals.filter(isRecord).flatMap(refusalEntries) : []),
    ...detail.filter((d) => d.ctx?.task !== undefined),
  ]
  const grouped = groupRefusals(refusedDetail)
  return { count: Number(raw.count ?? tasks.length), tasks, ...grouped }
}

function withTask(d: Record<string, unknown>, key: string): DetailEntry {
  const ctx = isRecord(d.ctx) ? (d.ctx as Record<string, string | number>) : {}
  return {
    type: String(d.type),
    msg: String(d.msg ?? ''),
    ...(Array.isArray(d.loc) ? { loc: d.loc as (string | number)[] } : {}),
    ctx: { ...ctx, task: key },
  }
}

/** `{ key, detail: [...] }` or a detail entry carrying its task. */
function refusalEntries(r: Record<string, unknown>): DetailEntry[] {
  if (Array.isArray(r.detail))
    return r.detail.filter(isRecord).map((d) => withTask(d, String(r.key ?? r.task)))
  const ctx = isRecord(r.ctx) ? r.ctx : {}
  return [withTask(r, String(ctx.task ?? r.key ?? r.task))]
}

/** The dry run of an edit over a query: per task what changes, and every refusal. */
export async function dryRun(
  request: Request,
  access: Access,
  query: string,
  patch: Record<string, unknown>,
): Promise<Preview> {
  const res = await upstream(request).post('/api/tasks/{nodeId}/rql', {
    path: { nodeId: access.node.id },
    body: { query, patch: patch as never, dry_run: true },
  })
  if (res.ok) return previewOf(res.data, res.detail)
  // Refused tasks (each with ctx.task), or the edit's own problems: listed either way.
  const grouped = groupRefusals(res.detail)
  return {
    count: 0,
    tasks: [],
    ...grouped,
    problems: grouped.refusals.length || grouped.problems.length ? grouped.problems : orServerError([]),
  }
}

export type Applied =
  | { ok: true; count: number; batchId: string | null; refused: number }
  | { ok: false; problems: DetailEntry[] }

/**
 * The edit as one batch: planned again first (a dry run), so the tasks it would refuse now are left
 * out and stay as they are; the rest change together, all or nothing.
 */
export async function applyEdit(
  request: Request,
  access: Access,
  selection: Selection,
  patch: Record<string, unknown>,
): Promise<Applied> {
  const plan = await dryRun(request, access, selectionQuery(selection), patch)
  if (plan.problems.length) return { ok: false, problems: plan.problems }
  const refused = plan.refusals.map((r) => r.key)
  if (plan.count === 0 && plan.tasks.length === 0)
    return { ok: true, count: 0, batchId: null, refused: refused.length }
  const res = await upstream(request).post('/api/tasks/{nodeId}/rql', {
    path: { nodeId: access.node.id },
    body: { query: selectionQuery(selection, refused), patch: patch as never, dry_run: false },
  })
  if (!res.ok) return { ok: false, problems: orServerError(res.detail) }
  const data = res.data as { count: number; batch_id?: string | null }
  return { ok: true, count: data.count, batchId: data.batch_id ?? null, refused: refused.length }
}

/** Undoes a batch (the author's alone, upstream): its answer's first code when refused. */
export async function undoBatch(request: Request, access: Access, batchId: string) {
  const res = await upstream(request).post('/api/tasks/{nodeId}/rql/undo/{batchId}', {
    path: { nodeId: access.node.id, batchId },
  })
  if (res.ok) {
    const data = res.data as { count: number; batch_id?: string | null }
    return { ok: true as const, count: data.count, batchId: data.batch_id ?? null }
  }
  return { ok: false as const, problems: orServerError(res.detail) }
}
