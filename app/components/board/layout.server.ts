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

export function withMinSize(item: LayoutItem, type: string): LayoutItem {
  const min = minSizeOf(type)
  return clampItem({ ...item, minW: Math.max(item.minW ?? 1, min.w), minH: Math.max(item.minH ?? 1, min.h) })
}

/** Items ordered as a reader meets them (top to bottom, left to right): the narrow screen's order. */
export const readingOrder = (a: LayoutItem, b: LayoutItem) => a.y - b.y || a.x - b.x

/** Vertical compaction, react-grid-layout's own: what its grid would do to the layout on mount. */
function compactUp(items: LayoutItem[]): LayoutItem[] {
  // (Its items come back with `static: false` and other flags of its own: only a true static stays.)
  return (verticalCompactor.compact(items, GRID.cols) as LayoutItem[]).map(({ static: fixed, ...it }) =>
    clampItem({ ...it, ...(fixed ? { static: true } : {}) }),
  )
}

/** The page's layout for the board's widgets. */
export function pageLayout(
  stored: readonly LayoutItem[],
  widgets: readonly { id: string; type: string }[],
): LayoutItem[] {
  const typeOf = new Map(widgets.map((w) => [w.id, w.type]))
  const items = stored.filter((it) => typeOf.has(it.i)).map((it) => withMinSize(it, typeOf.get(it.i)!))
  for (const w of widgets) {
    if (items.some((it) => it.i === w.id)) continue
    const size = isWidgetType(w.type) ? getWidgetType(w.type).defaultSize : { w: GRID.cols / 2, h: 10 }
    items.push(withMinSize(placeBelow(items, w.id, size), w.type))
  }
  return compactUp(items)
}
