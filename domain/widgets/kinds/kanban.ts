import { z } from 'zod'
import type { FieldDefinition, FieldType } from '../../fields/types'
import { fieldSelect, intParam, setting, settingOf, taskSummarySchema } from '../common'
import type { SettingsContext, SettingsProblem, WidgetKind } from '../types'

/*
 * Kanban (PRODUCT.md §10, issue 26): one process's tasks in a column per status (the statuses in
 * the order the settings give, some left out), each column's first cards in the setting's order
 * (updated, newest first, by default), its total, its WIP limit and where the viewer may move a
 * card of it (`moves_to`). A move is the ordinary task edit (status + version) through the planner.
 * "Show more" asks a column for more pages: `w.{id}.more.{statusId}` = pages shown.
 */

export const KANBAN_PER_PAGE = 20
export const KANBAN_PER_PAGE_MAX = 100
/** A column shows at most this many pages (show more), so a column never reads more than 500 cards. */
export const KANBAN_PAGES_MAX = 5
/** A column's total is counted no further than this (more: there are more). */
export const KANBAN_TOTAL_CAP = 10_000
export const KANBAN_DEFAULT_ORDER = 'updated_at'
/** Cards join their fields' texts with it, a space either side (a text setting is kept trimmed). */
export const KANBAN_DEFAULT_DELIMITER = '·'
export const KANBAN_DEFAULT_FIELDS = ['assignee'] as const
/** `view.swimlane` values besides a select field's name. */
export const SWIMLANE_NONE = 'none'
export const SWIMLANE_ASSIGNEE = 'assignee'

export interface KanbanParams {
  /** Pages shown per column (status id → 2…KANBAN_PAGES_MAX); absent: one. */
  more: Record<string, number>
  /**
   * Only these columns (status ids; `w.{id}.only=a,b`): a move's or a live change's refetch reads
   * the columns it touched, not the whole widget. Empty: every column.
   */
  only: string[]
}

/** At most this many columns in one `only` (a move touches two; a live batch a few). */
export const KANBAN_ONLY_MAX = 20

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const params = z.record(z.string()).transform((raw): KanbanParams => {
  const more: Record<string, number> = {}
  const only = [
    ...new Set(
      (raw.only ?? '')
        .split(',')
        .map((x) => x.trim().toLowerCase())
        .filter((x) => UUID.test(x)),
    ),
  ].slice(0, KANBAN_ONLY_MAX)
  for (const [key, value] of Object.entries(raw)) {
    if (!key.startsWith('more.')) continue
    const id = key.slice('more.'.length).toLowerCase()
    const pages = intParam(value, 1, KANBAN_PAGES_MAX)
    if (UUID.test(id) && pages > 1) more[id] = pages
  }
  return { more, only }
})

const statusSchema = z.object({ id: z.string().uuid(), name: z.string(), color: z.string() })

const card = taskSummarySchema.extend({
  /** Read for the move's edit (the planner refuses a stale one: someone else moved it). */
  version: z.number().int(),
  /** The card's fields as text, joined by the delimiter by the web app (server-formatted there). */
  values: z.array(z.object({ name: z.string(), type: z.string(), title: z.string(), value: z.unknown() })),
  /**
   * The swimlane the card is in (its key; '' none) and its value as stored (the web app shows it as
   * text by the swimlane's definition: a select option's title, a person's name).
   */
  lane: z.string(),
  lane_value: z.unknown().optional(),
})
export type KanbanCard = z.infer<typeof card>

const column = z.object({
  status: statusSchema,
  /** Tasks in the column the viewer may see (counted up to KANBAN_TOTAL_CAP). */
  total: z.number().int(),
  more: z.boolean().optional(),
  /**
   * With swimlanes: the column's tasks per lane (lane key → count, '' no value), counted like
   * `total` (up to the cap), so a lane-column shows "N of M" where its cards are cut.
   */
  lanes: z.record(z.number().int()).optional(),
  /** The column's WIP limit, null: none; over: total > wip. */
  wip: z.number().int().nullable(),
  over: z.boolean(),
  /** The columns (status ids) the viewer may move a card of this column to. */
  moves_to: z.array(z.string()),
  /** Fields each move needs (target status id → field names), when it needs any. */
  requires: z.record(z.array(z.string())),
  /** Pages shown (show more). */
  pages: z.number().int(),
  tasks: z.array(card),
})
export type KanbanColumn = z.infer<typeof column>

const data = z.object({
  /** Set when the answer holds only these columns (`only`): merged into the widget's data by the web app. */
  only: z.array(z.string()).optional(),
  process: z.object({ id: z.string().uuid(), key: z.string(), name: z.string() }).nullable(),
  /**
   * The swimlanes' field (assignee or a select field; null: none), with its definition's settings
   * (a select's options: its lanes' titles and order). Lanes are rows across all the columns.
   */
  swimlane: z
    .object({
      name: z.string(),
      title: z.string(),
      type: z.string(),
      settings: z.record(z.unknown()).optional(),
    })
    .nullable(),
  delimiter: z.string(),
  per_page: z.number().int(),
  columns: z.array(column),
  /** The fields some move requires (its `requires`), with their definitions: the modal asks for them. */
  required_fields: z.array(
    z.object({
      name: z.string(),
      title: z.string(),
      type: z.string(),
      settings: z.record(z.unknown()),
      /** A composite's child fields (address, json with a structure), each a field definition. */
      structure: z
        .array(
          z.object({
            name: z.string(),
            type: z.string(),
            title: z.string(),
            settings: z.record(z.unknown()),
          }),
        )
        .optional(),
    }),
  ),
})
export type KanbanData = z.infer<typeof data>

/** The kanban's setting titles are its own (`widgets.settings.kanban.…`). */
const own = (key: string, type: FieldType, settings: FieldDefinition['settings'] = {}): FieldDefinition => ({
  ...setting(key, type, settings),
  title: `widgets.settings.kanban.${key}`,
})

/** Every status of every process, in progress order, once each: the columns' choices. */
function statusOptions(ctx: SettingsContext) {
  const seen = new Set<string>()
  return ctx.processes.flatMap((p) =>
    p.statuses.flatMap((s) => {
      if (seen.has(s.id)) return []
      seen.add(s.id)
      return [{ title: s.name, value: s.id }]
    }),
  )
}

/** Status ids from a setting (a list, or a single one). */
const idsOf = (v: unknown): string[] =>
  (Array.isArray(v) ? v : typeof v === 'string' && v ? [v] : []).filter(
    (x): x is string => typeof x === 'string',
  )

function checkKanban(settings: Record<string, unknown>, ctx: SettingsContext): SettingsProblem[] {
  const problems: SettingsProblem[] = []
  const process = ctx.processes.find((p) => p.id === settingOf(settings, 'process_id'))
  const inProcess = new Set(process?.statuses.map((s) => s.id) ?? [])
  const columns = idsOf(settingOf(settings, 'view.columns'))
  if (process && columns.some((id) => !inProcess.has(id)))
    problems.push({ path: ['view', 'columns'], type: 'workflow.status_not_in_progress' })
  const perPage = settingOf(settings, 'pagination.per_page')
  if (
    perPage !== undefined &&
    perPage !== null &&
    !(Number.isInteger(perPage) && (perPage as number) >= 1 && (perPage as number) <= KANBAN_PER_PAGE_MAX)
  )
    problems.push({
      path: ['pagination', 'per_page'],
      type: 'widgets.kanban.per_page',
      ctx: { max: KANBAN_PER_PAGE_MAX },
    })
  const wip = settingOf(settings, 'view.wip')
  if (wip !== undefined && wip !== null && wip !== '') {
    const shown = new Set(columns.length ? columns : inProcess)
    const ok =
      typeof wip === 'object' &&
      !Array.isArray(wip) &&
      Object.entries(wip as Record<string, unknown>).every(
        ([id, n]) => (!process || shown.has(id)) && Number.isInteger(n) && (n as number) >= 1,
      )
    if (!ok) problems.push({ path: ['view', 'wip'], type: 'widgets.kanban.wip' })
  }
  return problems
}

export const kanban: WidgetKind<KanbanParams, KanbanData, 'kanban'> = {
  type: 'kanban',
  settingsFields: (ctx) => {
    const processes = ctx.processes.map((p) => ({ title: p.name, value: p.id }))
    return [
      own('process_id', 'select', {
        options: processes,
        required: true,
        ...(processes[0] ? { default: processes[0].value } : {}),
      }),
      own('view.columns', 'select', { options: statusOptions(ctx), multiple: true }),
      own('view.swimlane', 'select', {
        options: [
          { title: 'widgets.settings.kanban.swimlane.none', value: SWIMLANE_NONE },
          { title: 'widgets.settings.kanban.swimlane.assignee', value: SWIMLANE_ASSIGNEE },
          ...ctx.selectFields,
        ],
        default: SWIMLANE_NONE,
        required: true,
      }),
      fieldSelect('view.fields', ctx.fields, { multiple: true, default: [...KANBAN_DEFAULT_FIELDS] }),
      own('view.delimiter', 'text', { max_length: 10, default: KANBAN_DEFAULT_DELIMITER }),
      own('view.order', 'select', {
        options: [...ctx.dateFields, ...orderExtras(ctx)],
        default: KANBAN_DEFAULT_ORDER,
      }),
      own('view.wip', 'json', { placeholder: '{"<status id>": 5}' }),
      own('pagination.per_page', 'number', {
        default: KANBAN_PER_PAGE,
        placeholder: String(KANBAN_PER_PAGE),
      }),
    ]
  },
  checkSettings: checkKanban,
  defaultSize: { w: 48, h: 18 },
  minSize: { w: 12, h: 10 },
  params,
  data,
}

/** The system dates a card may be ordered by besides the node's date fields (created, updated). */
function orderExtras(ctx: SettingsContext) {
  const have = new Set(ctx.dateFields.map((o) => o.value))
  return [
    { title: 'fields.system.updated_at', value: 'updated_at' },
    { title: 'fields.system.created_at', value: 'created_at' },
  ].filter((o) => !have.has(o.value))
}

/**
 * A refetch of some columns (`only`) put into the data shown: its columns replace theirs, the
 * others stay. Two partial answers make a partial of both (the newest column wins).
 */
export function mergeKanban(prev: KanbanData, next: KanbanData): KanbanData {
  if (!next.only) return next
  const fresh = new Map(next.columns.map((c) => [c.status.id, c]))
  const known = new Set(prev.columns.map((c) => c.status.id))
  const columns = [
    ...prev.columns.map((c) => fresh.get(c.status.id) ?? c),
    ...next.columns.filter((c) => !known.has(c.status.id)),
  ]
  const fields = new Map([...prev.required_fields, ...next.required_fields].map((f) => [f.name, f]))
  const merged: KanbanData = { ...next, columns, required_fields: [...fields.values()] }
  if (prev.only) merged.only = [...new Set([...prev.only, ...next.only])]
  else delete merged.only
  return merged
}
