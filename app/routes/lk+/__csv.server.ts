import { Readable } from 'node:stream'
import { asCsvLanguage, STANDARD_COLUMNS } from '@domain/csv/headers'
import type { DetailEntry } from '@domain/errors/catalogue'
import {
  type ActionFunctionArgs,
  createReadableStreamFromReadable,
  data,
  type LoaderFunctionArgs,
  MaxPartSizeExceededError,
  redirect,
  type UploadHandler,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from '@remix-run/node'
import { requireAccess } from '~/lib/access.server'
import { requireCsrf } from '~/lib/csrf.server'
import { readForm, unreadableForm } from '~/lib/form.server'
import { i18next } from '~/lib/i18next.server'
import { pageTitle } from '~/lib/page.server'
import { routes } from '~/lib/routes'
import { redirectWithToast } from '~/lib/session.server'
import { csvEnabled } from '~/lib/tasks/csv-enabled.server'
import { creatableProcesses } from '~/lib/tasks/processes.server'
import { fieldRows } from '~/lib/tasks/tasks.server'
import { type DataOf, upstream } from '~/lib/upstream.server'

/*
 * /lk/csv (the CSV plugin, PRODUCT.md §7): export of a task query — a GET form whose answer the
 * upstream's file streams through — and import in server-rendered steps: upload (multipart), map the
 * columns, a dry run, the import confirmed as one batch, and its undo (the bulk edit's). Every
 * step is a plain form: it works without JavaScript.
 */

/** The file as the upstream takes it (10 MB), and a little for the form around it. */
export const UPLOAD_MAX_MB = 10
const UPLOAD_MAX_BYTES = UPLOAD_MAX_MB * 1024 * 1024
export const IMPORT_MAX_ROWS = 10_000

export type DryRun = Extract<DataOf<'/api/tasks/{nodeId}/csv/imports/{id}/run', 'post'>, { dry_run: true }>

const problem = (code: string): DetailEntry => ({ type: code, msg: '' })

const language = async (request: Request) => asCsvLanguage(await i18next.getLocale(request))

export async function csvLoader({ request }: LoaderFunctionArgs) {
  const access = await requireAccess(request)
  const url = new URL(request.url)
  const num = (k: string) => Number(url.searchParams.get(k) ?? 0) || 0
  const batch = url.searchParams.get('batch')
  const [title, enabled] = await Promise.all([
    pageTitle(request, 'tasks.csv.title'),
    csvEnabled(request, access.node.id),
  ])
  return {
    title,
    enabled,
    query: url.searchParams.get('query') ?? '',
    done: batch ? { batch, created: num('created'), updated: num('updated') } : null,
    limits: { mb: UPLOAD_MAX_MB, rows: IMPORT_MAX_ROWS },
  }
}

/** GET /lk/csv/export?query=…: the upstream's file, streamed through as a download. */
export async function exportLoader({ request }: LoaderFunctionArgs) {
  const access = await requireAccess(request)
  const query = new URL(request.url).searchParams.get('query') ?? ''
  const res = await upstream(request).stream('/api/tasks/{nodeId}/csv', {
    path: { nodeId: access.node.id },
    search: new URLSearchParams({ query, lang: await language(request) }),
    accept: 'text/csv',
  })
  if (!res.ok) {
    const back = `${routes.csv()}?${new URLSearchParams({ query })}`
    const codes = res.detail.length ? res.detail.map((d) => d.type) : ['server.error']
    return redirectWithToast(
      request,
      back,
      ...[...new Set(codes)].map((code) => ({ type: 'warning' as const, code })),
    )
  }
  const headers = new Headers({ 'content-type': 'text/csv; charset=utf-8', 'cache-control': 'no-store' })
  const disposition = res.headers['content-disposition']
  headers.set(
    'content-disposition',
    typeof disposition === 'string' ? disposition : 'attachment; filename="tasks.csv"',
  )
  return new Response(createReadableStreamFromReadable(Readable.from(res.body)), { status: 200, headers })
}

async function readUploadForm(request: Request): Promise<FormData | null> {
  if (!(request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) return readForm(request)
  const memory = unstable_createMemoryUploadHandler({ maxPartSize: UPLOAD_MAX_BYTES })
  let parts = 0
  const handler: UploadHandler = (part) => (++parts > 4 ? Promise.resolve(undefined) : memory(part))
  try {
    return await unstable_parseMultipartFormData(request, handler)
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return null
    unreadableForm(request, error)
  }
}

/** POST /lk/csv: `upload` a file (on to the mapping step), or `undo` an import. */
export async function csvAction({ request }: ActionFunctionArgs) {
  const access = await requireAccess(request)
  const api = upstream(request)
  const formData = await readUploadForm(request)
  if (!formData) return data({ problems: [problem('csv.too_large')] }, { status: 413 })
  await requireCsrf(request, formData)
  if (formData.get('intent') === 'undo') {
    const batchId = String(formData.get('batch') ?? '')
    const res = await api.post('/api/tasks/{nodeId}/rql/undo/{batchId}', {
      path: { nodeId: access.node.id, batchId },
    })
    if (res.ok) return redirectWithToast(request, routes.csv(), { type: 'success', code: 'csv.undone' })
    return redirectWithToast(request, routes.csv(), {
      type: 'warning',
      code: res.detail[0]?.type ?? 'server.error',
    })
  }
  const file = formData.get('file')
  if (!(file instanceof File) || file.size === 0)
    return data({ problems: [problem('tasks.csv.import.no_file')] }, { status: 400 })
  const bytes = Buffer.from(await file.arrayBuffer())
  const res = await api.post('/api/tasks/{nodeId}/csv/imports', {
    path: { nodeId: access.node.id },
    body: { file: bytes.toString('base64') },
  })
  if (res.ok) throw redirect(routes.csvImport(res.data.id))
  return data(
    { problems: res.detail.length ? res.detail : [problem('server.error')] },
    { status: res.status },
  )
}

/** The mapping step: the upload's columns, the fields and processes to choose from. */
export async function importLoader({ request, params }: LoaderFunctionArgs) {
  const access = await requireAccess(request)
  const id = params.id ?? ''
  const res = await upstream(request).get('/api/tasks/{nodeId}/csv/imports/{id}', {
    path: { nodeId: access.node.id, id },
  })
  if (!res.ok)
    throw await redirectWithToast(request, routes.csv(), {
      type: 'warning',
      code: res.detail[0]?.type ?? 'csv.upload_not_found',
    })
  const lang = await language(request)
  const [processes, customs, title] = await Promise.all([
    creatableProcesses(request, access),
    fieldRows(request, access),
    pageTitle(request, 'tasks.csv.map.title'),
  ])
  const fields = [
    ...STANDARD_COLUMNS.filter((c) => c.importable).map((c) => ({ name: c.name, title: c.words[lang] })),
    ...customs
      .filter((d) => d.name.startsWith('cf_') && d.type !== 'password')
      .map((d) => ({ name: d.name, title: d.title })),
  ]
  return {
    title,
    upload: res.data,
    fields,
    processes: processes.map((p) => ({ id: p.id, key: p.key, name: p.name })),
  }
}

/** The choices of the mapping form, as the upstream's run takes them. */
function choices(formData: FormData, columns: number) {
  const mapping = Array.from({ length: columns }, (_, i) => {
    const v = String(formData.get(`map.${i}`) ?? '')
    return v === '' ? null : v
  })
  const process = String(formData.get('process') ?? '')
  return {
    mapping,
    ...(process ? { process_id: process } : {}),
    update_existing: formData.get('update') === 'on',
  }
}

/** POST /lk/csv/import/{id}: `dry` plans and shows it; `run` imports (the dry run's choices) as one batch. */
export async function importAction({ request, params }: ActionFunctionArgs) {
  const access = await requireAccess(request)
  const formData = await readForm(request)
  await requireCsrf(request, formData)
  const id = params.id ?? ''
  const columns = Number(formData.get('columns') ?? 0)
  const chosen = choices(formData, Number.isInteger(columns) && columns >= 0 && columns <= 200 ? columns : 0)
  const dry = formData.get('intent') !== 'run'
  const res = await upstream(request).post('/api/tasks/{nodeId}/csv/imports/{id}/run', {
    path: { nodeId: access.node.id, id },
    body: { ...chosen, dry_run: dry, lang: await language(request) },
  })
  if (!res.ok) return data({ chosen, dry: null, problems: res.detail }, { status: res.status })
  const answer = res.data
  if (answer.dry_run) return { chosen, dry: answer, problems: [] as DetailEntry[] }
  const to = `${routes.csv()}?${new URLSearchParams({
    batch: answer.batch_id ?? '',
    created: String(answer.created),
    updated: String(answer.updated),
  })}`
  return redirectWithToast(request, to, {
    type: 'success',
    code: 'csv.imported',
    params: { created: answer.created, updated: answer.updated },
  })
}
