import {
  type AllLayouts,
  BREAKPOINT_COLS,
  BREAKPOINTS,
  type Breakpoint,
  breakpointOf,
  type NarrowBreakpoint,
} from '@domain/boards/breakpoints'
import { GRID, type LayoutItem } from '@domain/boards/grid'
import { useFetcher, useNavigate } from '@remix-run/react'
import {
  type ComponentType,
  type CSSProperties,
  startTransition,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react'
import { useTranslation } from 'react-i18next'
import { useCsrfToken } from '~/components/csrf-input'
import { EmptyState } from '~/components/page/empty-state'
import { PageHeader } from '~/components/page/page-header'
import { ContextMenu, type ContextMenuItem, type ContextMenuPoint } from '~/components/ui/context-menu'
import { EditIcon, ExternalIcon, LayoutIcon, TrashIcon } from '~/components/ui/icons'
import { CopyIcon } from '~/fields/icons'
import { CSRF_FIELD } from '~/lib/csrf'
import { routes } from '~/lib/routes'
import { CardModalProvider } from '~/widgets/card-modal/card-modal-provider'
import type { TaskMenuRequest, WidgetInfo, WidgetResult } from '~/widgets/types'
import type { BoardEditorProps } from './board-editor'
import { useBoardRefresh } from './use-board-refresh'
import { WidgetFrame } from './widget-frame'

export interface BoardViewProps {
  title: string
  subtitle?: string
  board: { id: string; name: string } | null
  widgets: WidgetInfo[]
  /** Every breakpoint's layout (PRODUCT.md §10): the server renders all four. */
  layouts: AllLayouts
  /** The narrower widths an administrator edited; the others are derived from the wider one. */
  layoutsOwn: NarrowBreakpoint[]
  data: Record<string, Promise<WidgetResult>>
  at: number
  isAdmin: boolean
}

/** Spec §9: how long "copied" shows after a key was copied. */
export const COPY_CONFIRM_MS = 2000

/**
 * An item's place at every breakpoint, as custom properties: widgets.css picks the set for the
 * grid's width with container queries, so the server's HTML is right at any width with no guess.
 */
const itemStyle = (places: Partial<Record<Breakpoint, LayoutItem>>): CSSProperties => {
  const style: Record<string, string> = {}
  for (const bp of BREAKPOINTS) {
    const it = places[bp]
    if (!it) continue
    style[`--${bp}-c`] = `${it.x + 1} / span ${it.w}`
    style[`--${bp}-r`] = `${it.y + 1} / span ${it.h}`
  }
  return style as CSSProperties
}

const sameLayout = (a: readonly LayoutItem[], b: readonly LayoutItem[]) => {
  const key = (l: readonly LayoutItem[]) =>
    [...l]
      .sort((p, q) => p.i.localeCompare(q.i))
      .map((it) => `${it.i}:${it.x},${it.y},${it.w},${it.h}`)
      .join(';')
  return key(a) === key(b)
}

type Menu = { at: ContextMenuPoint; items: ContextMenuItem[]; label: string }

/**
 * A board (spec §2 /lk and /lk/b/{board}): its widgets on the 48-column grid (spec §9). The server
 * renders the grid as CSS grid — every widget in its place whatever the window's width, so nothing
 * moves when the page hydrates; a narrow window stacks the widgets in reading order. An
 * administrator's "Edit layout" loads react-grid-layout (only then: the page never downloads it
 * otherwise) over the same items: they drag and resize with the spec §5 clamping, and the layout
 * is saved 1,500 ms after the last change (spec §9) with the alert 'Changes saved' or 'Changes not
 * saved'.
 */
export function BoardView({
  title,
  subtitle,
  board,
  widgets,
  layouts,
  layoutsOwn,
  data,
  at,
  isAdmin,
}: BoardViewProps) {
  const { t } = useTranslation()
  const hydrated = useHydratedInTransition()
  const navigate = useNavigate()
  const csrf = useCsrfToken()
  const boardId = board?.id ?? ''
  const [items, setItems] = useState(layouts)
  const [editing, setEditing] = useState(false)
  /** The width the editor edits: the grid's breakpoint when editing started, then the editor's. */
  const [editedBp, setEditedBp] = useState<Breakpoint>('lg')
  const [Editor, setEditor] = useState<ComponentType<BoardEditorProps> | null>(null)
  const [menu, setMenu] = useState<Menu | null>(null)
  const [copied, setCopied] = useState<string | null>(null)
  const gridRef = useRef<HTMLDivElement>(null)
  const save = useFetcher({ key: `board-layout:${boardId}` })
  const write = useFetcher({ key: `board-write:${boardId}` })
  const { answerOf, refresh, live } = useBoardRefresh(
    boardId,
    hydrated && Boolean(board) && widgets.length > 0,
    widgets.map((w) => w.id),
  )

  // The loader's layouts are the truth again after a navigation or a widget's removal.
  useEffect(() => setItems(layouts), [layouts])

  // The widths with a layout of their own: the loader's, and one the editor has just saved. A
  // layout save does not revalidate the page (should-revalidate.ts), so without this the width
  // line said "derived" until the live `board` frame happened to reload it (issue 25: flaky under
  // load, when that frame came late).
  const [ownWidths, setOwnWidths] = useState(layoutsOwn)
  useEffect(() => setOwnWidths(layoutsOwn), [layoutsOwn])
  const saved = save.data as { ok?: boolean; breakpoint?: NarrowBreakpoint } | undefined
  useEffect(() => {
    const bp = saved?.ok ? saved.breakpoint : undefined
    if (bp) setOwnWidths((own) => (own.includes(bp) ? own : [...own, bp]))
  }, [saved])

  const startEditing = () => {
    setEditedBp(breakpointOf(gridRef.current?.offsetWidth ?? 1200))
    setEditing(true)
    if (!Editor) import('./board-editor').then((m) => setEditor(() => m.BoardEditor))
  }

  // Spec §9 debounce: the layout is saved 1,500 ms after the last move or resize.
  const timer = useRef<number>()
  const submitLayout = save.submit
  const onLayout = useCallback(
    (bp: Breakpoint, next: LayoutItem[]) => {
      setItems((current) => {
        if (sameLayout(current[bp], next)) return current
        window.clearTimeout(timer.current)
        timer.current = window.setTimeout(() => {
          const form = new FormData()
          form.set('intent', 'layout')
          form.set('board_id', boardId)
          form.set('breakpoint', bp)
          form.set('layout', JSON.stringify(next))
          form.set(CSRF_FIELD, csrf)
          submitLayout(form, { method: 'post' })
        }, GRID.saveDebounceMs)
        return { ...current, [bp]: next }
      })
    },
    [boardId, csrf, submitLayout],
  )
  useEffect(() => () => window.clearTimeout(timer.current), [])

  const copyKey = useCallback(async (key: string) => {
    try {
      await navigator.clipboard.writeText(key)
    } catch {
      return
    }
    setCopied(key)
    window.setTimeout(() => setCopied((c) => (c === key ? null : c)), COPY_CONFIRM_MS)
  }, [])

  const onTaskMenu: TaskMenuRequest = useCallback(
    (event, task) =>
      setMenu({
        at: { x: event.clientX, y: event.clientY },
        label: task.key,
        items: [
          {
            id: 'open',
            label: t('board.menu.open_card'),
            icon: <ExternalIcon width={15} height={15} />,
            onAction: () => navigate(routes.TaskCard(task.process_key, task.key)),
          },
          {
            id: 'copy',
            label: t('board.menu.copy_key'),
            icon: <CopyIcon width={15} height={15} />,
            onAction: () => copyKey(task.key),
          },
        ],
      }),
    [t, navigate, copyKey],
  )

  const widgetMenu = (widget: WidgetInfo, at: ContextMenuPoint) => {
    const items: ContextMenuItem[] = [{ id: 'refresh', label: t('board.menu.refresh'), onAction: refresh }]
    if (isAdmin) {
      items.push(
        {
          id: 'edit',
          label: t('board.menu.edit_widget'),
          icon: <EditIcon width={15} height={15} />,
          onAction: () => navigate(`${routes.adminWidgets()}/${encodeURIComponent(widget.id)}`),
        },
        {
          id: 'remove',
          label: t('board.menu.remove_widget'),
          icon: <TrashIcon width={15} height={15} />,
          danger: true,
          onAction: () => {
            const form = new FormData()
            form.set('intent', 'unbind')
            form.set('board_id', boardId)
            form.set('widget_id', widget.id)
            form.set(CSRF_FIELD, csrf)
            write.submit(form, { method: 'post' })
          },
        },
      )
    }
    setMenu({ at, items, label: widget.title })
  }

  const byId = new Map(widgets.map((w) => [w.id, w]))
  // In the DOM in the widest layout's reading order; each breakpoint places them by its own layout.
  const placed = [...items.lg].filter((it) => byId.has(it.i)).sort((a, b) => a.y - b.y || a.x - b.x)
  const placeOf = new Map(BREAKPOINTS.map((bp) => [bp, new Map(items[bp].map((it) => [it.i, it]))] as const))
  const frames = placed.map((it) => {
    const widget = byId.get(it.i)!
    const places = Object.fromEntries(BREAKPOINTS.map((bp) => [bp, placeOf.get(bp)!.get(it.i)]))
    return (
      <div
        key={it.i}
        className="board-item"
        style={itemStyle(places)}
        data-testid="board-item"
        data-item={it.i}
      >
        <WidgetFrame
          boardId={boardId}
          widget={widget}
          initial={data[it.i]}
          initialAt={at}
          refresh={answerOf(it.i)}
          hydrated={hydrated}
          onTaskMenu={onTaskMenu}
          tools={
            <button
              type="button"
              className="icon-button board-widget-menu"
              aria-label={t('board.menu.label', { title: widget.title })}
              title={t('board.menu.label', { title: widget.title })}
              aria-haspopup="menu"
              disabled={!hydrated}
              data-testid="widget-menu"
              onClick={(e) => {
                const r = e.currentTarget.getBoundingClientRect()
                widgetMenu(widget, { x: r.right - 4, y: r.bottom + 4 })
              }}
              onContextMenu={(e) => e.stopPropagation()}
            >
              <span aria-hidden="true">⋯</span>
            </button>
          }
        />
        {editing ? (
          <div className="board-item-overlay" data-testid="board-item-overlay">
            <span className="board-item-overlay-title">{widget.title}</span>
          </div>
        ) : null}
      </div>
    )
  })

  const empty = !board || widgets.length === 0
  const canEdit = hydrated && isAdmin && !empty
  return (
    <CardModalProvider>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          canEdit ? (
            <button
              type="button"
              className={`button button-sm ${editing ? 'button-primary' : 'button-secondary'} board-edit-toggle`}
              aria-pressed={editing}
              onClick={() => (editing ? setEditing(false) : startEditing())}
              data-testid="board-edit"
            >
              <EditIcon width={15} height={15} aria-hidden="true" />
              {editing ? t('board.edit_done') : t('board.edit_layout')}
            </button>
          ) : null
        }
      />
      {empty ? (
        <EmptyState
          icon={<LayoutIcon width={20} height={20} />}
          title={t('lk.home.empty')}
          testId="board-empty"
        >
          {t('lk.home.empty_hint')}
        </EmptyState>
      ) : editing && Editor ? (
        <div className="board-frame">
          <p className="board-edit-width" role="status" data-testid="board-edit-width">
            {t('board.edit_width', {
              width: t(`board.breakpoint.${editedBp}`),
              cols: BREAKPOINT_COLS[editedBp],
            })}
            {editedBp === 'lg'
              ? null
              : ` ${t(ownWidths.includes(editedBp) ? 'board.edit_width_own' : 'board.edit_width_derived')}`}
          </p>
          <Editor
            layouts={items}
            initialWidth={gridRef.current?.offsetWidth ?? 1200}
            onBreakpointChange={setEditedBp}
            onLayoutChange={onLayout}
          >
            {frames}
          </Editor>
        </div>
      ) : (
        <div className="board-frame">
          <div
            ref={gridRef}
            className="board-grid"
            data-testid="board-grid"
            data-live={live || undefined}
            data-editing={editing || undefined}
            style={
              {
                '--board-row': `${GRID.rowHeight}px`,
                '--board-gap-x': `${GRID.margin[0]}px`,
                '--board-gap-y': `${GRID.margin[1]}px`,
              } as CSSProperties
            }
            onContextMenu={(e) => {
              const item = (e.target as HTMLElement).closest<HTMLElement>('[data-item]')
              const widget = item ? byId.get(item.dataset.item ?? '') : undefined
              if (!widget || !hydrated || e.defaultPrevented) return
              e.preventDefault()
              widgetMenu(widget, { x: e.clientX, y: e.clientY })
            }}
          >
            {frames}
          </div>
        </div>
      )}
      <ContextMenu
        at={menu?.at ?? null}
        items={menu?.items ?? []}
        label={menu?.label ?? ''}
        onClose={closeMenu(setMenu)}
      />
      <p
        className="board-copied"
        role="status"
        data-visible={copied ? '' : undefined}
        data-testid="board-copied"
      >
        {copied ? t('board.copied', { key: copied }) : ''}
      </p>
    </CardModalProvider>
  )
}

/**
 * useHydrated, its switch made a transition: the widgets' <Suspense> boundaries may still be
 * streaming in when the page hydrates, and an ordinary update above one that has not hydrated yet
 * makes React throw its server HTML away (error 421) and render it again in the browser.
 */
function useHydratedInTransition(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => startTransition(() => setHydrated(true)), [])
  return hydrated
}

const closers = new WeakMap<object, () => void>()
/** A stable close callback per setter (the menu's effect depends on it). */
function closeMenu(set: (m: null) => void) {
  let close = closers.get(set)
  if (!close) {
    close = () => set(null)
    closers.set(set, close)
  }
  return close
}
