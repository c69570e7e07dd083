import {
  type AllLayouts,
  BREAKPOINT_COLS,
  BREAKPOINT_MIN_WIDTH,
  BREAKPOINTS,
  type Breakpoint,
} from '@domain/boards/breakpoints'
import { clampItem, GRID, type LayoutItem } from '@domain/boards/grid'
import { type CSSProperties, type ReactNode, type RefObject, useEffect } from 'react'
import { type Layout, Responsive, useContainerWidth } from 'react-grid-layout'

export interface BoardEditorProps {
  /** Every breakpoint's layout; the editor edits the one of the grid's present width. */
  layouts: AllLayouts
  /** The width the view's grid had: the editor starts there, so no item moves on the switch. */
  initialWidth: number
  onBreakpointChange: (bp: Breakpoint) => void
  onLayoutChange: (bp: Breakpoint, layout: LayoutItem[]) => void
  children: ReactNode
}

/** The overlay is the drag handle; its tools (none yet) and links inside a widget never start a drag. */
const DRAG = { enabled: true, handle: '.board-item-overlay', threshold: 3, bounded: false }
const RESIZE = { enabled: true, handles: ['se', 'e', 's'] as ('se' | 'e' | 's')[] }

/**
 * react-grid-layout picks the breakpoint whose width the grid's is *more than*; the board's are
 * "at least" widths (PRODUCT.md §10, the view's container queries), so it gets each less one.
 */
const RGL_BREAKPOINTS = Object.fromEntries(
  BREAKPOINTS.map((bp) => [bp, Math.max(0, BREAKPOINT_MIN_WIDTH[bp] - 1)]),
) as Record<Breakpoint, number>

/**
 * Layout editing (spec §2 Widgets, §4 grid item states): react-grid-layout 2's Responsive grid over
 * the board's items with the breakpoints lg/md/sm/xs of 48/24/12/1 columns (PRODUCT.md §10), rows
 * of 30 px, 15×15 margins (spec §9), no outer padding (the view's CSS grid has none either, so
 * both place an item at the same pixels). It edits the layout of the width it is shown at; every
 * change is clamped by the spec §5 rules (domain clampItem) to that breakpoint's columns, with the
 * widget type's minimum size the items carry. Loaded only when an administrator starts editing.
 */
/**
 * react-draggable adds a <style> of its own on the first drag, which the page's CSP refuses (no
 * nonce). One with its id and the page's nonce (the csp-nonce meta, as react-aria reads it) is there
 * first, so it adds none; the rules it would have held are in widgets.css.
 */
export function useDraggableStyle() {
  useEffect(() => {
    if (document.getElementById('react-draggable-style-el')) return
    const style = document.createElement('style')
    style.id = 'react-draggable-style-el'
    const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.nonce
    if (nonce) style.nonce = nonce
    document.head.appendChild(style)
  }, [])
}

export function BoardEditor({
  layouts,
  initialWidth,
  onBreakpointChange,
  onLayoutChange,
  children,
}: BoardEditorProps) {
  useDraggableStyle()
  const { width, containerRef } = useContainerWidth({ initialWidth })
  return (
    <div
      ref={containerRef as RefObject<HTMLDivElement>}
      className="board-editor"
      data-editing=""
      data-testid="board-grid"
      style={
        {
          '--drag-handle-pointer': `${GRID.dragHandleMargin.pointer}px`,
          '--drag-handle-touch': `${GRID.dragHandleMargin.touch}px`,
        } as CSSProperties
      }
    >
      <Responsive
        width={width}
        layouts={layouts}
        breakpoints={RGL_BREAKPOINTS}
        cols={BREAKPOINT_COLS}
        rowHeight={GRID.rowHeight}
        margin={GRID.margin}
        containerPadding={[0, 0]}
        maxRows={GRID.maxRows}
        dragConfig={DRAG}
        resizeConfig={RESIZE}
        onBreakpointChange={(bp) => onBreakpointChange(bp as Breakpoint)}
        onLayoutChange={(next: Layout) => {
          // The breakpoint whose layout this is: the one the grid is at, at the width it was given.
          const bp = breakpointFor(width)
          const cols = BREAKPOINT_COLS[bp]
          const known = new Map(layouts[bp].map((it) => [it.i, it]))
          onLayoutChange(
            bp,
            next.map((it) => {
              const was = known.get(it.i)
              return clampItem(
                {
                  i: it.i,
                  x: it.x,
                  y: it.y,
                  w: it.w,
                  h: it.h,
                  ...(was?.minW !== undefined && { minW: was.minW }),
                  ...(was?.minH !== undefined && { minH: was.minH }),
                  ...(was?.maxW !== undefined && { maxW: was.maxW }),
                  ...(was?.maxH !== undefined && { maxH: was.maxH }),
                  ...(was?.static !== undefined && { static: was.static }),
                },
                cols,
              )
            }),
          )
        }}
      >
        {children}
      </Responsive>
    </div>
  )
}

/** react-grid-layout's own choice for this width. */
function breakpointFor(width: number): Breakpoint {
  return BREAKPOINTS.find((bp) => width > RGL_BREAKPOINTS[bp]) ?? 'xs'
}
