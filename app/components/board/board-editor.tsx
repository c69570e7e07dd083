import { clampItem, GRID, type LayoutItem } from '@domain/boards/grid'
import { type CSSProperties, type ReactNode, type RefObject, useEffect } from 'react'
import ReactGridLayout, { type Layout, useContainerWidth } from 'react-grid-layout'

export interface BoardEditorProps {
  layout: LayoutItem[]
  /** The width the view's grid had: the editor starts there, so no item moves on the switch. */
  initialWidth: number
  onLayoutChange: (layout: LayoutItem[]) => void
  children: ReactNode
}

/** The overlay is the drag handle; its tools (none yet) and links inside a widget never start a drag. */
const DRAG = { enabled: true, handle: '.board-item-overlay', threshold: 3, bounded: false }
const RESIZE = { enabled: true, handles: ['se', 'e', 's'] as ('se' | 'e' | 's')[] }

/**
 * Layout editing (spec §2 Widgets, §4 grid item states): react-grid-layout 2 over the board's
 * items, 48 columns, rows of 30 px, 15×15 margins (spec §9), no outer padding (the view's CSS grid
 * has none either, so both place an item at the same pixels). Every change is clamped by the spec
 * §5 rules (domain clampItem: min/max and at least 1, within the columns and rows) with the
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

export function BoardEditor({ layout, initialWidth, onLayoutChange, children }: BoardEditorProps) {
  useDraggableStyle()
  const { width, containerRef } = useContainerWidth({ initialWidth })
  const minById = new Map(layout.map((it) => [it.i, it]))
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
      <ReactGridLayout
        width={width}
        layout={layout}
        gridConfig={{
          cols: GRID.cols,
          rowHeight: GRID.rowHeight,
          margin: GRID.margin,
          containerPadding: [0, 0],
          maxRows: GRID.maxRows,
        }}
        dragConfig={DRAG}
        resizeConfig={RESIZE}
        onLayoutChange={(next: Layout) =>
          onLayoutChange(
            next.map((it) => {
              const known = minById.get(it.i)
              return clampItem({
                i: it.i,
                x: it.x,
                y: it.y,
                w: it.w,
                h: it.h,
                ...(known?.minW !== undefined && { minW: known.minW }),
                ...(known?.minH !== undefined && { minH: known.minH }),
                ...(known?.maxW !== undefined && { maxW: known.maxW }),
                ...(known?.maxH !== undefined && { maxH: known.maxH }),
                ...(known?.static !== undefined && { static: known.static }),
              })
            }),
          )
        }
      >
        {children}
      </ReactGridLayout>
    </div>
  )
}
