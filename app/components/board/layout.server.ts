import {
  type AllLayouts,
  BREAKPOINT_COLS,
  BREAKPOINTS,
  type Breakpoint,
  resolveLayouts,
} from '@domain/boards/breakpoints'
import { clampItem, GRID, type LayoutItem, placeBelow } from '@domain/boards/grid'
import { getWidgetType, isWidgetType } from '@domain/widgets/registry'
import { verticalCompactor } from 'react-grid-layout/core'

/*
 * The layout a board page shows: every bound widget placed (one the stored layout misses goes
 * below, at its type's default size), each item clamped by the spec §5 rules with its type's
 * minimum size, and compacted upwards as react-grid-layout's vertical compactor would. The server
 * renders exactly this, so the grid the editor mounts later finds every item where it already is.
 */

/** The least a widget of this type may shrink to (its kind's minSize; 1×1 for an unknown type). */
export function minSizeOf(type: string): { w: number; h: number } {
  return isWidgetType(type) ? getWidgetType(type).minSize : { w: 1, h: 1 }
}

/**
 * The item held to its type's least size; on a narrower grid the least width shrinks with the
 * columns (a 48-column minimum of 6 is 3 of 24), and one column is always wide enough.
 */
export function withMinSize(item: LayoutItem, type: string, cols: number = GRID.cols): LayoutItem {
  const min = minSizeOf(type)
  const minW = cols === GRID.cols ? min.w : Math.ceil((min.w * cols) / GRID.cols)
  return clampItem(
    {
      ...item,
      minW: Math.max(cols === GRID.cols ? (item.minW ?? 1) : 1, minW),
      minH: Math.max(item.minH ?? 1, min.h),
    },
    cols,
  )
}

/** Items ordered as a reader meets them (top to bottom, left to right): the narrow screen's order. */
export const readingOrder = (a: LayoutItem, b: LayoutItem) => a.y - b.y || a.x - b.x

/** Vertical compaction, react-grid-layout's own: what its grid would do to the layout on mount. */
function compactUp(items: LayoutItem[], cols: number): LayoutItem[] {
  // (Its items come back with `static: false` and other flags of its own: only a true static stays.)
  return (verticalCompactor.compact(items, cols) as LayoutItem[]).map(({ static: fixed, ...it }) =>
    clampItem({ ...it, ...(fixed ? { static: true } : {}) }, cols),
  )
}

/** The page's layout for the board's widgets on a grid of `cols` columns. */
export function pageLayout(
  stored: readonly LayoutItem[],
  widgets: readonly { id: string; type: string }[],
  cols: number = GRID.cols,
): LayoutItem[] {
  const typeOf = new Map(widgets.map((w) => [w.id, w.type]))
  const items = stored.filter((it) => typeOf.has(it.i)).map((it) => withMinSize(it, typeOf.get(it.i)!, cols))
  for (const w of widgets) {
    if (items.some((it) => it.i === w.id)) continue
    const size = isWidgetType(w.type) ? getWidgetType(w.type).defaultSize : { w: GRID.cols / 2, h: 10 }
    const scaled = { w: Math.max(1, Math.round((size.w * cols) / GRID.cols)), h: size.h }
    items.push(withMinSize(placeBelow(items, w.id, scaled, cols), w.type, cols))
  }
  return compactUp(items, cols)
}

/**
 * Every breakpoint's page layout (PRODUCT.md §10): the board's lg layout and its md, sm and xs
 * ones as the upstream answers them (its own or derived; derived here too when absent).
 */
export function pageLayouts(
  board: { layout: readonly LayoutItem[]; layouts?: Partial<Record<Breakpoint, LayoutItem[]>> },
  widgets: readonly { id: string; type: string }[],
): AllLayouts {
  const all = resolveLayouts(board.layout, board.layouts)
  const out = {} as AllLayouts
  for (const bp of BREAKPOINTS) out[bp] = pageLayout(all[bp], widgets, BREAKPOINT_COLS[bp])
  return out
}
