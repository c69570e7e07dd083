import { NARROW_BREAKPOINTS, type NarrowBreakpoint, type OwnLayouts } from '@domain/boards/breakpoints'
import type { LayoutItem } from '@domain/boards/grid'
import { hasRight } from '@domain/rights/rights'
import { type ActionFunctionArgs, data, redirect } from '@remix-run/node'
import { pageLayouts } from '~/components/board/layout.server'
import { presentWidget } from '~/components/board/present.server'
import { type Access, type NodeOnly, requireAccess, withAccess } from '~/lib/access.server'
import { loadBoardData } from '~/lib/boards/board-data.server'
import { requireCsrf } from '~/lib/csrf.server'
import { readForm } from '~/lib/form.server'
import { i18next } from '~/lib/i18next.server'
import { translator } from '~/lib/page.server'
import { routes } from '~/lib/routes'
import { flashHeaders } from '~/lib/session.server'
import { type Schema, upstream } from '~/lib/upstream.server'
import { kanbanMove } from '~/widgets/kanban/move.server'
import { boardTileOrigins, withMapStyle } from '~/widgets/map/node-style.server'
import type { WidgetInfo, WidgetResult } from '~/widgets/types'

/*
 * The board pages (spec §2 /lk home and /lk b/{board}): the board, then at once its widgets' data
 * in one call (beside the access check), one promise per widget, so the page streams each widget into its first HTML as soon as it
 * is ready. Their action saves the layout (the editor's debounced PATCH) and removes a widget, and
 * moves a kanban's card (any viewer: app/widgets/kanban/move.server.ts).
 */

type Board = Schema<'Board'>

/** The caller's home board (GET /boards/{nodeId}/home): theirs, else the node's default, else none. */
async function homeBoard(request: Request, access: NodeOnly): Promise<Board | null> {
  const res = await upstream(request).get('/api/boards/{nodeId}/home', { path: { nodeId: access.node.id } })
  return res.ok ? (res.data ?? null) : null
}

/** A board by id; one the caller may not view, another node's or an unknown one is page-not-found. */
async function boardById(request: Request, access: NodeOnly, boardId: string): Promise<Board> {
  const res = await upstream(request).get('/api/boards/{nodeId}/{boardId}', {
    path: { nodeId: access.node.id, boardId },
  })
  if (!res.ok) throw redirect(routes.pageNotFound())
  return res.data
}

interface Started {
  board: Board | null
  widgets: WidgetInfo[]
  /** When the data was asked for: the page's clock for its widgets. */
  at: number
  raw: Promise<Record<string, Promise<WidgetResult>>>
}

/**
 * The board's data call, started as soon as the board is known (it needs only the node): it runs
 * beside the access check instead of after it. The upstream checks the caller's board_view itself;
 * the page reads the answer only once the access check has passed.
 */
function startBoard(request: Request, at: NodeOnly, board: Board | null): Started {
  const widgets: WidgetInfo[] = (board?.widgets ?? []).map((w) => ({
    id: w.id,
    type: w.type,
    title: w.title,
  }))
  const started = Date.now()
  const raw =
    board && widgets.length
      ? loadBoardData(
          upstream(request),
          at.node.id,
          board.id,
          new URL(request.url).searchParams,
          widgets.map((w) => w.id),
        )
      : Promise.resolve({})
  // Its failure (the sign-out redirect, an unreachable upstream) is read after the access check's.
  raw.catch(() => undefined)
  return { board, widgets, at: started, raw }
}

/** What the board page renders (app/components/board/board-view.tsx). */
async function boardPage(request: Request, access: Access, { board, widgets, at, raw: started }: Started) {
  const [t, locale, raw] = await Promise.all([translator(request), i18next.getLocale(request), started])
  const nodeMap = access.node.settings.map
  const tiles = boardTileOrigins(board?.widgets ?? [], nodeMap)
  const widgetData: Record<string, Promise<WidgetResult>> = {}
  for (const [id, promise] of Object.entries(raw))
    widgetData[id] = promise.then((r) => presentWidget(withMapStyle(r, nodeMap), t, locale))
  return {
    board: board
      ? {
          id: board.id,
          name: board.name,
          settings: {
            no_left_menu: board.settings.no_left_menu === true,
            no_top_menu: board.settings.no_top_menu === true,
          },
        }
      : null,
    widgets,
    layouts: board
      ? pageLayouts({ layout: board.layout as LayoutItem[], layouts: board.layouts as OwnLayouts }, widgets)
      : { lg: [], md: [], sm: [], xs: [] },
    /** The narrower widths an administrator edited (the editor says whether it edits one or a derived one). */
    layoutsOwn: (board?.layouts_own ?? []) as NarrowBreakpoint[],
    data: widgetData,
    at,
    isAdmin: hasRight(access.rights, 'is_admin'),
    // Read by entry.server into the page's Content-Security-Policy.
    csp: { connect: tiles, img: tiles },
  }
}

export async function homeLoader(request: Request) {
  const [[access, started], t] = await Promise.all([
    withAccess(request, async (at) => startBoard(request, at, await homeBoard(request, at))),
    translator(request),
  ])
  return {
    title: t('lk.home.title'),
    subtitle: started.board?.name,
    ...(await boardPage(request, access, started)),
  }
}

export async function boardLoader(request: Request, boardId: string) {
  const [[access, started], t] = await Promise.all([
    withAccess(request, async (at) => startBoard(request, at, await boardById(request, at, boardId))),
    translator(request),
  ])
  return {
    title: t('lk.boards.title'),
    subtitle: started.board?.name,
    ...(await boardPage(request, access, started)),
  }
}

/** The board's data route: the listed widgets (or all), each as the page shows it, awaited. */
export async function dataLoader(request: Request, boardId: string) {
  const access = await requireAccess(request)
  const url = new URL(request.url)
  const ids = url.searchParams.get('widgets')?.split(',').filter(Boolean)
  const [t, locale] = await Promise.all([translator(request), i18next.getLocale(request)])
  const at = Date.now()
  const promises = await loadBoardData(upstream(request), access.node.id, boardId, url.searchParams, ids)
  const out: Record<string, WidgetResult> = {}
  await Promise.all(
    Object.entries(promises).map(async ([id, p]) => {
      out[id] = presentWidget(withMapStyle(await p, access.node.settings.map), t, locale)
    }),
  )
  return { at, data: out }
}

/**
 * The layout save (the editor's debounced PATCH) and a widget's removal from the board, both for
 * administrators; the outcome is an alert (spec §8 boards.board_edited / board_not_edited).
 */
export async function boardAction({ request }: ActionFunctionArgs) {
  const access = await requireAccess(request)
  const form = await readForm(request)
  await requireCsrf(request, form)
  const intent = form.get('intent')
  // A kanban card's move is any viewer's task edit: the upstream's planner decides (issue 26).
  if (intent === 'kanban_move') return kanbanMove(request, access, form)
  const boardId = String(form.get('board_id') ?? '')
  if (!hasRight(access.rights, 'is_admin') || !boardId) throw redirect(routes.home())
  const api = upstream(request)
  const path = { nodeId: access.node.id, boardId }
  let ok = false
  /** The narrower width a layout save made the board's own (the editor says so without a reload). */
  let breakpoint: NarrowBreakpoint | undefined
  if (intent === 'layout') {
    let layout: unknown
    try {
      layout = JSON.parse(String(form.get('layout') ?? ''))
    } catch {
      layout = null
    }
    // The width the editor edited: lg is the board's layout, a narrower one one of its layouts.
    const bp = NARROW_BREAKPOINTS.find((b) => b === form.get('breakpoint'))
    const res = await api.patch('/api/boards/{nodeId}/{boardId}', {
      path,
      body: bp ? { layouts: { [bp]: layout as LayoutItem[] } } : { layout: layout as LayoutItem[] },
    })
    ok = res.ok
    if (ok) breakpoint = bp
  } else if (intent === 'unbind') {
    const res = await api.post('/api/widgets/bind-board/{nodeId}', {
      path: { nodeId: access.node.id },
      body: { board_id: boardId, widget_ids: [String(form.get('widget_id') ?? '')], unbind: true },
    })
    ok = res.ok
  }
  const code =
    intent === 'unbind'
      ? ok
        ? 'boards.widgets_unbound'
        : 'boards.board_not_edited'
      : ok
        ? 'boards.board_edited'
        : 'boards.board_not_edited'
  return data(
    { ok, intent: String(intent ?? ''), ...(breakpoint ? { breakpoint } : {}) },
    {
      headers: {
        'Set-Cookie': await flashHeaders(request, { toasts: [{ type: ok ? 'success' : 'warning', code }] }),
      },
    },
  )
}
