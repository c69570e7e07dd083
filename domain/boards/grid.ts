import { z } from 'zod'

/*
 * The dashboard grid (spec §3 grid layout item, §5 grid rules, §9 grid constants). The upstream
 * validates a saved layout with these rules and the web app's grid clamps with the same ones, so a
 * layout the browser shows is a layout the server keeps.
 */

export const GRID = {
  cols: 48,
  rowHeight: 30,
  margin: [15, 15] as [number, number],
  /** Spec §9: the drag handle's margin, wider for a finger. */
  dragHandleMargin: { touch: 20, pointer: 10 },
  /** No layout grows past this many rows: a bound that keeps a hostile layout small. */
  maxRows: 1000,
  /** Items on one board. */
  maxItems: 100,
  /** Spec §9 debounce: a layout change is saved this long after the last move. */
  saveDebounceMs: 1500,
} as const

/** Spec §3 grid layout item. `i` is the bound widget's id. */
export interface LayoutItem {
  i: string
  x: number
  y: number
  w: number
  h: number
  static?: boolean
  minW?: number
  maxW?: number
  minH?: number
  maxH?: number
}

const INVALID = 'value_error'
const int = (max: number) =>
  z
    .number({ required_error: 'value_error.missing', invalid_type_error: INVALID })
    .int(INVALID)
    .min(0, 'value_error.number')
    .max(max, 'value_error.number')
const bound = (max: number) => int(max).optional()

/**
 * Spec §5: numeric x, y, w, h; a non-null string or number id (kept as a string: a widget id);
 * static boolean if present. The bounds are the grid's own: 48 columns, GRID.maxRows rows.
 */
const rawItem = z
  .object({
    i: z.union([z.string().trim().min(1, 'value_error.missing').max(100, INVALID), z.number().finite()], {
      errorMap: () => ({ message: 'value_error.missing' }),
    }),
    x: int(GRID.maxRows),
    y: int(GRID.maxRows),
    w: int(GRID.maxRows),
    h: int(GRID.maxRows),
    static: z.boolean({ invalid_type_error: INVALID }).optional(),
    minW: bound(GRID.cols),
    maxW: bound(GRID.cols),
    minH: bound(GRID.maxRows),
    maxH: bound(GRID.maxRows),
  })
  .strict('value_error.extra')

/**
 * A layout as sent for a grid of `cols` columns: an array (spec §5) of items with unique ids, each
 * clamped by clampItem to those columns.
 */
export const layoutSchemaOf = (cols: number) =>
  z
    .array(rawItem, { invalid_type_error: 'boards.layout_not_array' })
    .max(GRID.maxItems, 'value_error.list.max_items')
    .transform((items, ctx) => {
      const seen = new Set<string>()
      const out: LayoutItem[] = []
      items.forEach((raw, index) => {
        const item = clampItem({ ...raw, i: String(raw.i) }, cols)
        if (seen.has(item.i))
          ctx.addIssue({ code: 'custom', path: [index, 'i'], message: 'boards.layout_duplicate_id' })
        seen.add(item.i)
        out.push(item)
      })
      return out
    })

/** The spec's layout: the 48-column grid (the widest breakpoint, lg). */
export const layoutSchema = layoutSchemaOf(GRID.cols)

const clamp = (n: number, lo: number, hi: number) => Math.min(Math.max(n, lo), hi)

/**
 * Spec §5: a resize clamps to min/max and at least 1; a drag clamps within the columns and rows.
 * Bounds that contradict each other (minW > maxW) give way to the larger minimum.
 */
export function clampItem(item: LayoutItem, cols: number = GRID.cols): LayoutItem {
  const minW = clamp(item.minW ?? 1, 1, cols)
  const maxW = clamp(item.maxW ?? cols, minW, cols)
  const minH = clamp(item.minH ?? 1, 1, GRID.maxRows)
  const maxH = clamp(item.maxH ?? GRID.maxRows, minH, GRID.maxRows)
  const w = clamp(item.w, minW, maxW)
  const h = clamp(item.h, minH, maxH)
  const out: LayoutItem = {
    i: item.i,
    x: clamp(item.x, 0, cols - w),
    y: clamp(item.y, 0, GRID.maxRows - h),
    w,
    h,
  }
  if (item.static !== undefined) out.static = item.static
  if (item.minW !== undefined) out.minW = minW
  if (item.maxW !== undefined) out.maxW = maxW
  if (item.minH !== undefined) out.minH = minH
  if (item.maxH !== undefined) out.maxH = maxH
  return out
}

/** Where a newly bound widget goes: below everything, at the left, at its type's default size. */
export function placeBelow(
  layout: readonly LayoutItem[],
  i: string,
  size: { w: number; h: number },
  cols: number = GRID.cols,
): LayoutItem {
  const bottom = layout.reduce((max, it) => Math.max(max, it.y + it.h), 0)
  return clampItem({ i, x: 0, y: bottom, w: size.w, h: size.h }, cols)
}
