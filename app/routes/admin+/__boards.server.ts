import { parseWithZod } from '@conform-to/zod'
import {
  BREAKPOINT_COLS,
  type Breakpoint,
  NARROW_BREAKPOINTS,
  type NarrowBreakpoint,
  parseBreakpoint,
  widerOf,
} from '@domain/boards/breakpoints'
import { GRID, type LayoutItem, placeBelow } from '@domain/boards/grid'
import { getWidgetType, isWidgetType } from '@domain/widgets/registry'
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  MaxPartSizeExceededError,
  type UploadHandler,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from '@remix-run/node'
import type { ImportPreview, ImportReply } from '~/components/admin-boards/import-form'
import { CONFIRM_DELETE, boardPaths as paths, widgetPaths } from '~/components/admin-boards/paths'
import {
  bindFormSchema,
  boardFormSchema,
  boardNewSchema,
  importFormSchema,
  layoutFormSchemaAt,
} from '~/components/admin-boards/schemas'
import { requireCsrf } from '~/lib/csrf.server'
import { readForm, unreadableForm } from '~/lib/form.server'
import { pageTitle } from '~/lib/page.server'
import { redirectWithToast } from '~/lib/session.server'
import {
  deleteItem,
  listQueryOf,
  loadAll,
  loadItem,
  loadListPage,
  requireAdminApi,
  resultToasts,
  submitCreate,
  submitForm,
  unknownIntent,
  upstreamFailure,
} from './__admin.server'

/** /admin/boards: a page of the node's boards. */
export async function listLoader({ request }: LoaderFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const list = await loadListPage(request, api, '/api/boards/{nodeId}', node.id)
  return { title: await pageTitle(request, 'admin.boards'), ...list }
}

export async function newLoader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request)
  return { query: listQueryOf(request) }
}

/** Add → POST /api/boards/{nodeId}, then straight to its Editing dialog for its widgets and layout. */
export async function newAction({ request }: ActionFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const formData = await readForm(request)
  await requireCsrf(request, formData)
  const query = listQueryOf(request)
  return submitCreate(
    request,
    formData,
    { schema: boardNewSchema },
    (value) => api.post('/api/boards/{nodeId}', { path: { nodeId: node.id }, body: value }),
    {
      list: paths.list(query),
      item: (id) => paths.item(id, query),
      code: 'boards.board_created',
    },
  )
}

/**
 * The layout as the grid shows it: an item for every bound widget (one the layout misses goes
 * below the others at its type's default size, as the upstream places it, its width scaled to a
 * narrower grid's columns), none for another.
 */
export function effectiveLayout(
  layout: readonly LayoutItem[],
  widgets: readonly { id: string; type: string }[],
  cols: number = GRID.cols,
) {
  const bound = new Set(widgets.map((w) => w.id))
  const out = layout.filter((it) => bound.has(it.i))
  for (const w of widgets) {
    if (out.some((it) => it.i === w.id)) continue
    const size = isWidgetType(w.type) ? getWidgetType(w.type).defaultSize : { w: 12, h: 8 }
    const scaled = { w: Math.max(1, Math.round((size.w * cols) / GRID.cols)), h: size.h }
    out.push(placeBelow(out, w.id, scaled, cols))
  }
  return out
}

/** The width the Editing dialog edits (`?width=md`; lg, the board's main layout, when absent). */
export function editedWidthOf(request: Request): Breakpoint {
  return parseBreakpoint(new URL(request.url).searchParams.get('width'))
}

/** The dialog's address at a width: lg needs no parameter. */
const widthParam = (bp: Breakpoint): Record<string, string> => (bp === 'lg' ? {} : { width: bp })

/**
 * The layout editor at one width: that width's layout (the board's own or derived, as the upstream
 * resolves it), its columns, and for a narrower width whether it is its own and what it derives from.
 */
export function layoutAt(
  board: {
    layout: LayoutItem[]
    layouts: Record<NarrowBreakpoint, LayoutItem[]>
    layouts_own: NarrowBreakpoint[]
  },
  widgets: readonly { id: string; type: string }[],
  width: Breakpoint,
) {
  const cols = BREAKPOINT_COLS[width]
  if (width === 'lg')
    return { width, cols, layout: effectiveLayout(board.layout, widgets), own: true, wider: null }
  return {
    width,
    cols,
    layout: effectiveLayout(board.layouts[width] ?? [], widgets, cols),
    own: board.layouts_own.includes(width),
    wider: widerOf(width),
  }
}

/** /admin/boards/{id}: the board, its widgets and layout, and the node's other widgets to add. */
export async function editLoader({ request, params }: LoaderFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const query = listQueryOf(request)
  const board = await loadItem(
    request,
    api,
    '/api/boards/{nodeId}/{boardId}',
    { nodeId: node.id, boardId: params.boardId ?? '' },
    { to: paths.list(query), notFound: 'boards.board_not_found' },
  )
  const all = await loadAll(api, '/api/widgets/{nodeId}', node.id)
  const bound = new Set(board.widgets.map((w) => w.id))
  const option = (w: { id: string; title: string; type: string }) => ({
    id: w.id,
    title: w.title,
    type: w.type,
  })
  const confirming = new URL(request.url).searchParams.get('confirm') === CONFIRM_DELETE.confirm
  return {
    board,
    bound: board.widgets.map(option),
    others: all.filter((w) => !bound.has(w.id)).map(option),
    edited: layoutAt(board, board.widgets, editedWidthOf(request)),
    createHref: widgetPaths('').add(),
    query,
    confirming,
  }
}

/**
 * Editing posts `save` (name, default, menu options), `bind` / `unbind` (POST /widgets/bind-board),
 * `layout` (PATCH of the layout) or `delete`.
 */
export async function editAction({ request, params }: ActionFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const formData = await readForm(request)
  await requireCsrf(request, formData)
  const query = listQueryOf(request)
  const id = params.boardId ?? ''
  const width = editedWidthOf(request)
  const here = paths.item(id, query, widthParam(width))
  const one = { nodeId: node.id, boardId: id }
  const bind = (widgetId: string, unbind?: boolean) =>
    api.post('/api/widgets/bind-board/{nodeId}', {
      path: { nodeId: node.id },
      body: { board_id: id, widget_ids: [widgetId], ...(unbind ? { unbind } : {}) },
    })
  const intent = formData.get('intent')
  switch (intent) {
    case 'save':
      return submitForm(
        request,
        formData,
        { intent, schema: boardFormSchema },
        (value) => api.patch('/api/boards/{nodeId}/{boardId}', { path: one, body: value }),
        { to: here, fallback: 'boards.board_edited' },
      )
    case 'layout':
      // The width's layout alone: lg is the board's `layout`, a narrower one its own in `layouts`.
      return submitForm(
        request,
        formData,
        { intent, schema: layoutFormSchemaAt(BREAKPOINT_COLS[width]) },
        (value) =>
          api.patch('/api/boards/{nodeId}/{boardId}', {
            path: one,
            body: width === 'lg' ? { layout: value.layout } : { layouts: { [width]: value.layout } },
          }),
        { to: here, fallback: 'boards.board_edited' },
      )
    case 'layout_reset': {
      // A narrower width derived from the wider one again (null drops the board's own).
      const bp = NARROW_BREAKPOINTS.find((b) => b === width)
      if (!bp) return unknownIntent(request, here)
      const res = await api.patch('/api/boards/{nodeId}/{boardId}', {
        path: one,
        body: { layouts: { [bp]: null } },
      })
      return redirectWithToast(request, here, ...resultToasts(res, 'boards.board_edited'))
    }
    case 'bind':
      return submitForm(
        request,
        formData,
        { intent, schema: bindFormSchema },
        (value) => bind(value.widget_id),
        { to: here, fallback: 'boards.widgets_bound' },
      )
    case 'unbind': {
      const submission = parseWithZod(formData, { schema: bindFormSchema })
      if (submission.status !== 'success') return unknownIntent(request, here)
      const res = await bind(submission.value.widget_id, true)
      return redirectWithToast(request, here, ...resultToasts(res, 'boards.widgets_unbound'))
    }
    case 'delete':
      return deleteItem(request, api, '/api/boards/{nodeId}/{boardId}', one, {
        list: paths.list(query),
        here,
        fallback: 'boards.board_deleted',
      })
  }
  return unknownIntent(request, here)
}

/** /admin/boards/{id}/export: the board's JSON document as a file to download. */
export async function exportLoader({ request, params }: LoaderFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const res = await api.get('/api/boards/{nodeId}/{boardId}/export', {
    path: { nodeId: node.id, boardId: params.boardId ?? '' },
  })
  if (res.status === 404)
    throw await redirectWithToast(request, paths.list(), { type: 'warning', code: 'boards.board_not_found' })
  if (!res.ok) throw upstreamFailure(res)
  const name = res.data.board.name.replace(/[^\p{L}\p{N}_-]+/gu, '-').slice(0, 60) || 'board'
  return new Response(`${JSON.stringify(res.data, null, 2)}\n`, {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="board.json"; filename*=UTF-8''${encodeURIComponent(name)}.json`,
      'cache-control': 'no-store',
    },
  })
}

export async function importLoader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request)
  return { query: listQueryOf(request) }
}

/** The import document's largest size (a board of 100 widgets is far less). */
const IMPORT_MAX_BYTES = 1_000_000

/** The Import form: multipart (a file, or the text pasted) for the check; plain for the confirmation. */
async function readImportForm(request: Request): Promise<FormData | null> {
  if (!(request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) return readForm(request)
  const memory = unstable_createMemoryUploadHandler({ maxPartSize: IMPORT_MAX_BYTES })
  let parts = 0
  const handler: UploadHandler = (part) => (++parts > 8 ? Promise.resolve(undefined) : memory(part))
  try {
    return await unstable_parseMultipartFormData(request, handler)
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return null
    unreadableForm(request, error)
  }
}

const failed = (intent: 'check' | 'import', codes: Record<string, string[]>, status = 400) =>
  data<ImportReply>({ intent, result: { status: 'error', error: codes } }, { status })

/**
 * Import: `check` reads the document (a file wins over pasted text), parses it and asks the
 * upstream for a dry run, answering what it would create and its problems; `import` sends the same
 * document for real and opens the new board's Editing.
 */
export async function importAction({ request }: ActionFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const formData = await readImportForm(request)
  if (!formData) return failed('check', { text: ['request.too_large'] }, 413)
  await requireCsrf(request, formData)
  const intent = formData.get('intent') === 'import' ? 'import' : 'check'
  const file = formData.get('file')
  const text = file instanceof File && file.size > 0 ? await file.text() : String(formData.get('text') ?? '')
  const submission = parseWithZod(toForm(text), { schema: importFormSchema })
  if (submission.status !== 'success')
    return data<ImportReply>({ intent, result: submission.reply() }, { status: 400 })
  const document = submission.value.text
  const dryRun = intent === 'check'
  const res = await api.post('/api/boards/{nodeId}/import', {
    path: { nodeId: node.id },
    body: { document, dry_run: dryRun },
  })
  if (!res.ok) {
    if (res.status >= 500) throw upstreamFailure(res)
    const problems = res.detail.map((d) => ({ type: d.type, msg: d.msg, loc: d.loc, ctx: d.ctx }))
    const preview: ImportPreview = {
      board: { name: String((document.board as { name?: unknown } | undefined)?.name ?? '—') },
      widgets: [],
      problems: problems.length ? problems : [{ type: 'boards.import_invalid' }],
    }
    return data<ImportReply>({ intent, preview, text }, { status: res.status })
  }
  const answer = res.data
  const preview: ImportPreview = {
    board: { name: answer.board?.name ?? '' },
    widgets: (answer.widgets ?? []).map((w) => ({ title: w.title, type: w.type })),
    problems: answer.problems ?? [],
  }
  // A dry run, or an import the upstream refused for its problems: what it would create, and why not.
  if (dryRun || !answer.created) return data<ImportReply>({ intent, preview, text })
  const to = answer.board_id ? paths.item(answer.board_id) : paths.list()
  return redirectWithToast(request, to, ...resultToasts(res, 'boards.board_imported'))
}

const toForm = (text: string) => {
  const form = new FormData()
  form.set('text', text)
  return form
}
