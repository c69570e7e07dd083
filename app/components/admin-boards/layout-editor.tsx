import { BREAKPOINT_COLS, BREAKPOINTS, type Breakpoint, minWidthAt } from '@domain/boards/breakpoints'
import { clampItem, GRID, type LayoutItem } from '@domain/boards/grid'
import { getWidgetType, isWidgetType } from '@domain/widgets/registry'
import { Form, Link, useFetcher } from '@remix-run/react'
import type React from 'react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import ReactGridLayout, { type Layout, useContainerWidth } from 'react-grid-layout'
import { createScaledStrategy } from 'react-grid-layout/core'
import { useDraggableStyle } from '~/components/board/board-editor'
import { CsrfInput } from '~/components/csrf-input'
import type { FormReply } from '../admin/use-intent-result'
import { Button } from '../ui/button'
import { useHydrated } from '../ui/use-hydrated'
import { useBoardsT } from './use-boards-t'

export interface PlacedWidget {
  id: string
  title: string
  type: string
}

/** The width the editor edits (the loader's `edited`): its layout and where that layout comes from. */
export interface EditedWidth {
  width: Breakpoint
  cols: number
  layout: LayoutItem[]
  /** lg always; a narrower width once edited at that width (else derived from `wider`). */
  own: boolean
  wider: Breakpoint | null
}

const FIELDS = ['x', 'y', 'w', 'h'] as const
type Coord = (typeof FIELDS)[number]

/** What is saved of an item: its place and size (and `static` when set), never the grid's extras. */
const plain = (it: LayoutItem): LayoutItem => {
  const out: LayoutItem = { i: it.i, x: it.x, y: it.y, w: it.w, h: it.h }
  if (it.static !== undefined) out.static = it.static
  return out
}
const same = (a: readonly LayoutItem[], b: readonly LayoutItem[]) =>
  JSON.stringify(a.map(plain)) === JSON.stringify(b.map(plain))

const minSizeOf = (type: string) => (isWidgetType(type) ? getWidgetType(type).minSize : { w: 1, h: 1 })

/**
 * Editing → the layout of the board's widgets at one width (PRODUCT.md §10: lg 48, md 24, sm 12,
 * xs 1 columns), picked above it by links (`?width=md`), so it works the same without JavaScript.
 * Without JavaScript: x, y, w and h of each widget as numeric fields and a Save button (the action
 * validates them with the grid rules of spec §5 at that width's columns). With it, the same fields
 * over that width's grid (react-grid-layout, spec §9): dragging a widget by its header or resizing
 * it by its corner changes the fields, typing in a field moves the widget, and the layout saves
 * itself 1,500 ms after the last change ('Changes saved' / 'Changes not saved'), the Save button
 * still there. Saving a narrower width makes that width's layout its own; until then it is derived
 * from the wider one, and "Derive again" drops the own one.
 */
export function LayoutEditor({
  action,
  edited,
  widgets,
  hrefOf,
}: {
  action: string
  edited: EditedWidth
  widgets: PlacedWidget[]
  /** The dialog's address at a width. */
  hrefOf: (bp: Breakpoint) => string
}) {
  const { layout, cols } = edited
  const { t } = useBoardsT()
  const hydrated = useHydrated()
  const fetcher = useFetcher<FormReply>()
  const formRef = useRef<HTMLFormElement>(null)
  const [items, setItems] = useState(layout)
  const [drafts, setDrafts] = useState<Record<string, string>>({})
  const [dirty, setDirty] = useState(false)
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle')
  const byId = useMemo(() => new Map(widgets.map((w) => [w.id, w])), [widgets])

  // A newer layout from the server (after a save, a widget added or removed) replaces ours unless
  // there are changes of ours not yet sent. Only when it arrives: not when a save starts.
  const dirtyRef = useRef(dirty)
  dirtyRef.current = dirty
  useEffect(() => {
    if (!dirtyRef.current) setItems(layout)
  }, [layout])

  const reply = fetcher.data?.intent === 'layout' ? fetcher.data.result : undefined
  const errors = (reply?.error ?? {}) as Record<string, string[] | null>
  useEffect(() => {
    if (fetcher.state !== 'idle' || status !== 'saving') return
    setStatus(reply?.status === 'error' ? 'failed' : 'saved')
  }, [fetcher.state, reply, status])

  const save = useCallback(() => {
    if (!formRef.current) return
    setDirty(false)
    setStatus('saving')
    fetcher.submit(formRef.current)
  }, [fetcher])

  // Spec §9: saved this long after the last change.
  useEffect(() => {
    if (!dirty) return
    const timer = setTimeout(save, GRID.saveDebounceMs)
    return () => clearTimeout(timer)
  }, [dirty, save])

  const change = (next: LayoutItem[]) => {
    if (same(next, items)) return
    setItems(next)
    setDirty(true)
    setStatus('idle')
  }

  const onGrid = (next: Layout) =>
    change(
      items.map((it) => {
        const moved = next.find((n) => n.i === it.i)
        return moved ? clampItem(plain({ ...it, x: moved.x, y: moved.y, w: moved.w, h: moved.h }), cols) : it
      }),
    )

  const onField = (index: number, field: Coord, raw: string) => {
    const key = `${index}.${field}`
    setDrafts((d) => ({ ...d, [key]: raw }))
    if (!/^\d{1,4}$/.test(raw.trim())) return
    change(items.map((it, i) => (i === index ? clampItem({ ...it, [field]: Number(raw) }, cols) : it)))
  }

  if (items.length === 0) return <p className="muted">{t('admin_boards.layout.empty')}</p>

  return (
    <div className="layout-editor" data-width={edited.width}>
      <WidthPicker
        edited={edited}
        hrefOf={hrefOf}
        action={action}
        // A change not yet saved is sent before another width opens (the fetcher outlives this).
        onLeave={() => {
          if (dirtyRef.current) save()
        }}
      />
      {hydrated ? (
        <>
          <p className="field-hint">{t('admin_boards.layout.hint', { cols })}</p>
          <LayoutGrid items={items} byId={byId} onChange={onGrid} width={edited.width} />
        </>
      ) : (
        <p className="field-hint">{t('admin_boards.layout.hint_fields', { cols })}</p>
      )}
      <fetcher.Form
        method="post"
        action={action}
        ref={formRef}
        className="form layout-form"
        data-testid="layout-form"
      >
        <CsrfInput />
        <input type="hidden" name="intent" value="layout" />
        <input type="hidden" name="width" value={edited.width} />
        {reply?.error?.[''] ? (
          <p className="field-error" role="alert">
            {reply.error[''].map((code) => t(code)).join(' ')}
          </p>
        ) : null}
        <div className="table-wrap">
          <table className="table layout-fields">
            <caption className="visually-hidden">{t('admin_boards.layout.fields')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin_boards.layout.widget')}</th>
                {FIELDS.map((f) => (
                  <th key={f} scope="col">
                    {t(`admin_boards.layout.${f}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((it, index) => {
                const name = byId.get(it.i)?.title ?? it.i
                return (
                  <tr key={it.i} data-widget={it.i}>
                    <th scope="row" className="cell-name">
                      <input type="hidden" name={`layout[${index}].i`} value={it.i} />
                      {name}
                    </th>
                    {FIELDS.map((f) => {
                      const key = `${index}.${f}`
                      const fieldErrors = errors[`layout[${index}].${f}`] ?? []
                      return (
                        <td key={f} className="cell-coord">
                          <input
                            className="input input-coord"
                            type="number"
                            inputMode="numeric"
                            min={f === 'w' || f === 'h' ? 1 : 0}
                            max={f === 'x' || f === 'w' ? cols : GRID.maxRows}
                            name={`layout[${index}].${f}`}
                            aria-label={t('admin_boards.layout.field_label', {
                              field: t(`admin_boards.layout.${f}`),
                              name,
                            })}
                            aria-invalid={fieldErrors.length > 0 || undefined}
                            value={drafts[key] ?? String(it[f])}
                            onChange={(e) => onField(index, f, e.currentTarget.value)}
                            onBlur={() => setDrafts(({ [key]: _, ...rest }) => rest)}
                            data-testid={`layout-${f}-${index}`}
                          />
                          {fieldErrors.length ? (
                            <span className="field-error">{fieldErrors.map((c) => t(c)).join(' ')}</span>
                          ) : null}
                        </td>
                      )
                    })}
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
        <div className="form-actions layout-actions">
          {hydrated ? (
            <span className="layout-status" role="status" data-testid="layout-status" data-state={status}>
              {status === 'saving'
                ? t('admin_boards.layout.saving')
                : status === 'saved'
                  ? t('admin_boards.layout.saved')
                  : status === 'failed'
                    ? t('admin_boards.layout.not_saved')
                    : ''}
            </span>
          ) : null}
          <Button type="submit" variant="secondary" isPending={fetcher.state !== 'idle'}>
            {t('admin_boards.layout.save')}
          </Button>
        </div>
      </fetcher.Form>
    </div>
  )
}

/**
 * The width the grid is laid out at, then scaled to the dialog: a board's proportions at that
 * breakpoint (its least width; a phone's for xs), not a strip's.
 */
const CANVAS_WIDTH: Record<Breakpoint, number> = { lg: 1200, md: 996, sm: 768, xs: 375 }

/**
 * The widths as a segmented control of links (the current one marked), then where this width's
 * layout comes from: lg the board's main layout; a narrower one its own (with "Derive again", a
 * form of its own) or derived from the next wider one.
 */
function WidthPicker({
  edited,
  hrefOf,
  action,
  onLeave,
}: {
  edited: EditedWidth
  hrefOf: (bp: Breakpoint) => string
  action: string
  onLeave: () => void
}) {
  const { t } = useBoardsT()
  const wider = edited.wider ? t(`admin_boards.width.${edited.wider}`) : ''
  return (
    <div className="layout-width">
      <nav className="segmented layout-width-picker" aria-label={t('admin_boards.width.label')}>
        {BREAKPOINTS.map((bp) => (
          <Link
            key={bp}
            to={hrefOf(bp)}
            replace
            preventScrollReset
            className="segmented-item layout-width-item"
            aria-current={bp === edited.width ? 'page' : undefined}
            onClick={onLeave}
            data-testid={`layout-width-${bp}`}
          >
            {t(`admin_boards.width.${bp}`)}
            <span className="layout-width-cols">{BREAKPOINT_COLS[bp]}</span>
          </Link>
        ))}
      </nav>
      <div
        className="layout-width-origin"
        data-testid="layout-width-origin"
        data-own={edited.own || undefined}
      >
        <span>
          {edited.width === 'lg'
            ? t('admin_boards.width.main', { cols: edited.cols })
            : edited.own
              ? t('admin_boards.width.own', { cols: edited.cols })
              : t('admin_boards.width.derived', { wider, cols: edited.cols })}
        </span>
        {edited.width !== 'lg' && edited.own ? (
          <Form method="post" action={action} preventScrollReset className="layout-width-reset">
            <CsrfInput />
            <input type="hidden" name="intent" value="layout_reset" />
            <Button type="submit" variant="secondary" size="sm" data-testid="layout-reset">
              {t('admin_boards.width.reset', { wider })}
            </Button>
          </Form>
        ) : null}
      </div>
    </div>
  )
}

/** The grid's height in pixels at full scale (rows, the margins between them and around). */
const heightOf = (items: readonly LayoutItem[]) => {
  const rows = items.reduce((max, it) => Math.max(max, it.y + it.h), 0)
  return rows * GRID.rowHeight + (rows + 1) * GRID.margin[1]
}

/**
 * The board's grid (spec §9: 48 columns, rows of 30 px, 15 px margins) with each widget's card,
 * laid out at a board's width and scaled down to the dialog's (react-grid-layout's scaled
 * position strategy keeps the pointer and the items together while dragging).
 */
function LayoutGrid({
  items,
  byId,
  onChange,
  width: bp,
}: {
  items: LayoutItem[]
  byId: Map<string, PlacedWidget>
  onChange: (layout: Layout) => void
  width: Breakpoint
}) {
  const cols = BREAKPOINT_COLS[bp]
  const BOARD_WIDTH = CANVAS_WIDTH[bp]
  const { t } = useBoardsT()
  // The board editor's answer to react-draggable's own <style> (the page's CSP refuses it).
  useDraggableStyle()
  const { width, containerRef, mounted } = useContainerWidth({ initialWidth: 900 })
  const scale = Math.min(1, width / BOARD_WIDTH)
  // The scale without the strategy's own drag position: that one counts from the viewport, not
  // from the grid (react-grid-layout 2.3), while the default counts from the grid and divides by it.
  const strategy = useMemo(() => {
    const { calcDragPosition: _, ...scaled } = createScaledStrategy(scale)
    return scaled
  }, [scale])
  const moving = useRef(false)
  // The grid tells its new layout after the stop: listen until then.
  const stop = () => {
    setTimeout(() => {
      moving.current = false
    }, 0)
  }
  const layout = useMemo(
    () =>
      items.map((it) => {
        const min = minSizeOf(byId.get(it.i)?.type ?? '')
        return { ...it, minW: minWidthAt(min.w, cols), minH: min.h }
      }),
    [items, byId, cols],
  )
  return (
    <div
      ref={containerRef as React.RefObject<HTMLDivElement>}
      className="layout-grid"
      style={{ height: Math.ceil(heightOf(items) * scale) }}
      aria-label={t('admin_boards.layout.grid')}
      data-testid="layout-grid"
    >
      {mounted ? (
        <div className="layout-grid-board" style={{ width: BOARD_WIDTH, transform: `scale(${scale})` }}>
          <ReactGridLayout
            layout={layout}
            width={BOARD_WIDTH}
            gridConfig={{
              cols,
              rowHeight: GRID.rowHeight,
              margin: GRID.margin,
              maxRows: GRID.maxRows,
            }}
            dragConfig={{ handle: '.layout-item-handle' }}
            positionStrategy={strategy}
            onDragStart={() => {
              moving.current = true
            }}
            onResizeStart={() => {
              moving.current = true
            }}
            onDragStop={() => stop()}
            onResizeStop={() => stop()}
            onLayoutChange={(next) => {
              // Only what a person moved: not the grid settling the layout when it mounts.
              if (moving.current) onChange(next)
            }}
          >
            {items.map((it) => {
              const w = byId.get(it.i)
              return (
                <div key={it.i} className="layout-item" data-widget={it.i}>
                  <div className="layout-item-handle">
                    <span className="layout-item-title">{w?.title ?? it.i}</span>
                  </div>
                  <div className="layout-item-body">
                    <span className="layout-item-meta">
                      {w ? t(`admin_widgets.type.${w.type}`, { defaultValue: w.type }) : null} · {it.w}×{it.h}
                    </span>
                  </div>
                </div>
              )
            })}
          </ReactGridLayout>
        </div>
      ) : null}
    </div>
  )
}
