import type { LayoutItem } from '@domain/boards/grid'
import { hasRight } from '@domain/rights/rights'
import { type ActionFunctionArgs, data, redirect } from '@remix-run/node'
import { pageLayout } from '~/components/board/layout.server'
import { presentWidget } from '~/components/board/present.server'
import { type Access, type NodeOnly, requireAccess, withAccess } from '~/lib/access.server'
import { loadBoardData } from '~/lib/boards/board-data.server'
import { requireCsrf } from '~/lib/csrf.server'
import { i18next } from '~/lib/i18next.server'
import { translator } from '~/lib/page.server'
import { routes } from '~/lib/routes'
import { flashHeaders } from '~/lib/session.server'
import { type Schema, upstream } from '~/lib/upstream.server'
import { mapTileOrigins } from '~/widgets/map/origins'
import type { WidgetInfo, WidgetResult } from '~/widgets/types'

/*
 * The board pages (spec §2 /lk home and /lk b/{board}): the board, then its widgets' data in one
 * call, one promise per widget, so the page streams each widget into its first HTML as soon as it
 * is ready. Their action saves the layout (the editor's debounced PATCH) and removes a widget.
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

/** What the board page renders (app/components/board/board-view.tsx). */
async function boardPage(request: Request, access: Access, board: Board | null) {
  const [t, locale] = await Promise.all([translator(request), i18next.getLocale(request)])
  const widgets: WidgetInfo[] = (board?.widgets ?? []).map((w) => ({
    id: w.id,
    type: w.type,
    title: w.title,
  }))
  const at = Date.now()
  const search = new URL(request.url).searchParams
  const raw: Record<string, Promise<WidgetResult>> = board && widgets.length
    ? await loadBoardData(
        upstream(request),
        access.node.id,
        board.id,
        search,
        widgets.map((w) => w.id),
      )
    : {}
  const tiles = mapTileOrigins(board?.widgets ?? [])
  const widgetData: Record<string, Promise<WidgetResult>> = {}
  for (const [id, promise] of Object.entries(raw))
    widgetData[id] = promise.then((r) => presentWidget(r, t, locale))
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
    layout: board ? pageLayout(board.layout as LayoutItem[], widgets) : [],
    data: widgetData,
    at,
    isAdmin: hasRight(access.rights, 'is_admin'),
    // Read by entry.server into the page's Content-Security-Policy.
    csp: { connect: tiles, img: tiles },
  }
}

export async function homeLoader(request: Request) {
  const [[access, board], t] = await Promise.all([
    withAccess(request, (at) => homeBoard(request, at)),
    translator(request),
  ])
  return { title: t('lk.home.title'), subtitle: board?.name, ...(await boardPage(request, access, board)) }
}

export async function boardLoader(request: Request, boardId: string) {
  const [[access, board], t] = await Promise.all([
    withAccess(request, (at) => boardById(request, at, boardId)),
    translator(request),
  ])
  return { title: t('lk.boards.title'), subtitle: board.name, ...(await boardPage(request, access, board)) }
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
      out[id] = presentWidget(await p, t, locale)
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
  const form = await request.formData()
  await requireCsrf(request, form)
  const intent = form.get('intent')
  const boardId = String(form.get('board_id') ?? '')
  if (!hasRight(access.rights, 'is_admin') || !boardId) throw redirect(routes.home())
  const api = upstream(request)
  const path = { nodeId: access.node.id, boardId }
  let ok = false
  if (intent === 'layout') {
    let layout: unknown
    try {
      layout = JSON.parse(String(form.get('layout') ?? ''))
    } catch {
      layout = null
    }
    const res = await api.patch('/api/boards/{nodeId}/{boardId}', {
      path,
      body: { layout: layout as LayoutItem[] },
    })
    ok = res.ok
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
    { ok, intent: String(intent ?? '') },
    {
      headers: {
        'Set-Cookie': await flashHeaders(request, { toasts: [{ type: ok ? 'success' : 'warning', code }] }),
      },
    },
  )
}
