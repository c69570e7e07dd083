import { z } from 'zod'
import { fieldSelect, intParam, setting, taskSummarySchema } from '../common'
import type { WidgetKind } from '../types'

/*
 * Table (spec §2 Widgets): headers from its settings, an optional filter modal over the fields it
 * names (spec §5 table filters), pages of per_page tasks (spec §9: 5), the key linking to the card
 * and the status with its coloured dot.
 */

/** Spec §9: the table widget's page size. */
export const TABLE_PER_PAGE = 5
export const TABLE_PER_PAGE_MAX = 50
export const TABLE_DEFAULT_HEADERS = ['key', 'title', 'status', 'assignee'] as const
/**
 * A table's total is counted up to this many tasks, or up to a few pages past the one shown when
 * that is further (meta.more: there are more than meta.total). An exact count over a million tasks
 * costs a widget hundreds of milliseconds; its pagination needs only the pages near it.
 */
export const TABLE_TOTAL_CAP = 10_000
/** Pages past the shown one that the capped total still reaches (the pagination's window). */
export const TABLE_TOTAL_PAGES_AHEAD = 4
/** A filter value longer than this is cut: it is typed text matched by contains. */
export const FILTER_VALUE_MAX = 200
/** An option-kind filter offers at most this many choices (the first by name: users, teams). */
export const FILTER_OPTIONS_MAX = 200

export interface TableParams {
  page: number
  /** Filter values by field name, as typed (`w.{id}.filter.{field}`). */
  filters: Record<string, string>
}

const params = z.record(z.string()).transform((raw): TableParams => {
  const filters: Record<string, string> = {}
  for (const [key, value] of Object.entries(raw)) {
    if (!key.startsWith('filter.')) continue
    const v = value.trim().slice(0, FILTER_VALUE_MAX)
    if (v) filters[key.slice('filter.'.length)] = v
  }
  return { page: intParam(raw.page, 1), filters }
})

const header = z.object({ name: z.string(), title: z.string(), type: z.string() })

/** A choice of an option-kind filter: `value` is what `w.{id}.filter.{field}` takes and matches. */
const filterOption = z.object({ value: z.string(), title: z.string() })

/** A filter header; option-kind fields (selects, status, assignee…) carry their choices. */
const filterHeader = header.extend({ options: z.array(filterOption).max(FILTER_OPTIONS_MAX).optional() })
export type FilterOption = z.infer<typeof filterOption>

const data = z.object({
  headers: z.array(header),
  /** The fields the filter modal offers (empty: no filter button), with their types and choices. */
  filters: z.array(filterHeader),
  rows: z.array(taskSummarySchema.extend({ values: z.record(z.unknown()) })),
  meta: z.object({
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    /** The total is a lower bound: more tasks match than it says (TABLE_TOTAL_CAP). */
    more: z.boolean().optional(),
  }),
})
export type TableData = z.infer<typeof data>

export const table: WidgetKind<TableParams, TableData, 'table'> = {
  type: 'table',
  settingsFields: (ctx) => [
    fieldSelect('view.headers', ctx.fields, { multiple: true, default: [...TABLE_DEFAULT_HEADERS] }),
    fieldSelect('view.filters', ctx.fields, { multiple: true }),
    setting('pagination.per_page', 'number', {
      default: TABLE_PER_PAGE,
      placeholder: String(TABLE_PER_PAGE),
    }),
  ],
  defaultSize: { w: 24, h: 10 },
  minSize: { w: 8, h: 6 },
  params,
  data,
}
