import { z } from 'zod'
import { clampItem, GRID, type LayoutItem, layoutSchemaOf } from './grid'

/*
 * Boards on every screen (PRODUCT.md §10): four breakpoints, react-grid-layout's Responsive ones.
 * `lg` is the spec's 48-column layout (the board's `layout`); `md`, `sm` and `xs` are the board's
 * `layouts`, each derived from the next wider one until an administrator edits the board at that
 * width — then it is the board's own and is kept as edited. The widths are the board grid's own
 * (its container's), not the window's: the left menu takes part of the window.
 */

export const BREAKPOINTS = ['lg', 'md', 'sm', 'xs'] as const
export type Breakpoint = (typeof BREAKPOINTS)[number]
/** The breakpoints a board keeps in `layouts` (lg is its `layout`). */
export const NARROW_BREAKPOINTS = ['md', 'sm', 'xs'] as const
export type NarrowBreakpoint = (typeof NARROW_BREAKPOINTS)[number]

/** The least grid width of each breakpoint, in CSS pixels. */
export const BREAKPOINT_MIN_WIDTH: Record<Breakpoint, number> = { lg: 1200, md: 996, sm: 768, xs: 0 }
/** Columns at each breakpoint. */
export const BREAKPOINT_COLS: Record<Breakpoint, number> = { lg: GRID.cols, md: 24, sm: 12, xs: 1 }

/** The layouts a board keeps of its own: only the breakpoints an administrator edited. */
export type OwnLayouts = Partial<Record<NarrowBreakpoint, LayoutItem[]>>
/** Every breakpoint's layout, the board's own or derived. */
export type AllLayouts = Record<Breakpoint, LayoutItem[]>

/** The breakpoint a grid of this width shows. */
export function breakpointOf(width: number): Breakpoint {
  return BREAKPOINTS.find((bp) => width >= BREAKPOINT_MIN_WIDTH[bp]) ?? 'xs'
}

/** Items as a reader meets them: top to bottom, left to right. */
export const readingOrder = (a: LayoutItem, b: LayoutItem) => a.y - b.y || a.x - b.x || a.i.localeCompare(b.i)

const overlaps = (a: LayoutItem, b: LayoutItem) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h

/**
 * Vertical compaction in reading order: each item rises as far as nothing placed before it stops
 * it, and moves down below anything it would overlap — the layout react-grid-layout's vertical
 * compactor makes, so the editor finds a derived layout as it is.
 */
export function compactLayout(items: readonly LayoutItem[]): LayoutItem[] {
  const placed: LayoutItem[] = []
  for (const item of [...items].sort(readingOrder)) {
    const at = { ...item }
    while (at.y > 0 && !placed.some((p) => overlaps(p, { ...at, y: at.y - 1 }))) at.y -= 1
    for (let hit = placed.find((p) => overlaps(p, at)); hit; hit = placed.find((p) => overlaps(p, at)))
      at.y = hit.y + hit.h
    placed.push(at)
  }
  return placed
}

/**
 * A narrower breakpoint's layout from a wider one's: columns and widths scaled to the narrower
 * grid (at least one column), rows and heights kept, then compacted so nothing overlaps. One
 * column stacks the widgets one per row in reading order. Width bounds (minW, maxW) are the wider
 * grid's and are left out; height bounds and `static` carry over.
 */
export function deriveLayout(wider: readonly LayoutItem[], fromCols: number, toCols: number): LayoutItem[] {
  const scale = (n: number) => Math.round((n * toCols) / fromCols)
  const items = [...wider].sort(readingOrder).map((it) => {
    const out: LayoutItem = { i: it.i, x: 0, y: it.y, w: 1, h: it.h }
    if (toCols > 1) {
      out.w = Math.min(toCols, Math.max(1, scale(it.w)))
      out.x = Math.min(toCols - out.w, scale(it.x))
    }
    if (it.minH !== undefined) out.minH = it.minH
    if (it.maxH !== undefined) out.maxH = it.maxH
    if (it.static !== undefined) out.static = it.static
    return clampItem(out, toCols)
  })
  if (toCols === 1) {
    let y = 0
    return items.map((it) => {
      const out = { ...it, y }
      y += it.h
      return out
    })
  }
  return compactLayout(items)
}

/**
 * A kept layout made to fit the widgets the board has now: items of other widgets dropped, one
 * item each, and every widget it misses derived from the wider layout's item and put below.
 */
function fitTo(own: readonly LayoutItem[], derived: readonly LayoutItem[], cols: number): LayoutItem[] {
  const wanted = new Set(derived.map((it) => it.i))
  const seen = new Set<string>()
  const out: LayoutItem[] = []
  for (const it of own) {
    if (!wanted.has(it.i) || seen.has(it.i)) continue
    seen.add(it.i)
    out.push(clampItem(it, cols))
  }
  for (const it of derived) {
    if (seen.has(it.i)) continue
    const bottom = out.reduce((max, o) => Math.max(max, o.y + o.h), 0)
    out.push(clampItem({ ...it, x: 0, y: bottom }, cols))
  }
  return out
}

/**
 * Every breakpoint's layout of a board: lg its layout, each narrower one the board's own (fitted
 * to the widgets lg has) or derived from the next wider one.
 */
export function resolveLayouts(lg: readonly LayoutItem[], own: OwnLayouts | null | undefined): AllLayouts {
  const out: AllLayouts = { lg: [...lg], md: [], sm: [], xs: [] }
  let wider: Breakpoint = 'lg'
  for (const bp of NARROW_BREAKPOINTS) {
    const derived = deriveLayout(out[wider], BREAKPOINT_COLS[wider], BREAKPOINT_COLS[bp])
    const kept = own?.[bp]
    out[bp] = kept ? fitTo(kept, derived, BREAKPOINT_COLS[bp]) : derived
    wider = bp
  }
  return out
}

/**
 * The board's own layouts kept to its widgets: items of widgets no longer on it leave; a widget
 * it lacks is left to derivation (resolveLayouts puts it below).
 */
export function keepBound(own: OwnLayouts | null | undefined, ids: ReadonlySet<string>): OwnLayouts {
  const out: OwnLayouts = {}
  for (const bp of NARROW_BREAKPOINTS) {
    const kept = own?.[bp]
    if (kept) out[bp] = kept.filter((it) => ids.has(it.i))
  }
  return out
}

/** The board's own layouts without one widget's item (the widget was deleted). */
export function dropItem(own: OwnLayouts | null | undefined, id: string): OwnLayouts {
  const out: OwnLayouts = {}
  for (const bp of NARROW_BREAKPOINTS) {
    const kept = own?.[bp]
    if (kept) out[bp] = kept.filter((it) => it.i !== id)
  }
  return out
}

/**
 * `layouts` as sent in a PATCH: for each narrower breakpoint, its layout (clamped to its columns)
 * or null to have it derived again from the wider one.
 */
export const layoutsPatchSchema = z
  .object(
    Object.fromEntries(
      NARROW_BREAKPOINTS.map((bp) => [bp, layoutSchemaOf(BREAKPOINT_COLS[bp]).nullable().optional()]),
    ) as Record<NarrowBreakpoint, z.ZodOptional<z.ZodNullable<ReturnType<typeof layoutSchemaOf>>>>,
    { invalid_type_error: 'value_error' },
  )
  .strict('value_error.extra')
export type LayoutsPatch = z.infer<typeof layoutsPatchSchema>

/** A breakpoint named in a request (the admin editor's `?width=`); anything else is lg. */
export function parseBreakpoint(raw: unknown): Breakpoint {
  return BREAKPOINTS.find((bp) => bp === raw) ?? 'lg'
}

/** The breakpoint a narrower one is derived from: the next wider one. */
export function widerOf(bp: NarrowBreakpoint): Breakpoint {
  return BREAKPOINTS[BREAKPOINTS.indexOf(bp) - 1]!
}

/**
 * A least width of the 48-column grid at `cols` columns: scaled with the columns and rounded up
 * (a minimum of 6 is 3 of 24), never more than the grid has — one column is always wide enough.
 */
export function minWidthAt(minW: number, cols: number): number {
  return Math.min(cols, Math.max(1, Math.ceil((minW * cols) / GRID.cols)))
}
