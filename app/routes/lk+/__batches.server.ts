import type { DetailEntry } from '@domain/errors/catalogue'
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { requireAccess } from '~/lib/access.server'
import { requireCsrf } from '~/lib/csrf.server'
import { translator } from '~/lib/page.server'
import { safePath } from '~/lib/redirect-to'
import { routes } from '~/lib/routes'
import { redirectWithToast } from '~/lib/session.server'
import { undoBatch } from '~/lib/tasks/bulk-edit.server'
import { upstream } from '~/lib/upstream.server'

/*
 * /lk/tasks/batches (issue 24 item 4, PRODUCT.md §10): the user's own batches (bulk edits, CSV
 * imports, undos), newest first, a page at a time, each with Undo while the upstream says it is
 * possible and the reason when it is not. POST `undo` is also where a bulk edit's success alert
 * posts its Undo (with `back`, the page to return to). The upstream allows undo to the batch's
 * author alone (and administrators), through its task-write planner.
 */

export const BATCHES_PER_PAGE = 20

const positive = (v: string | null) => {
  const n = Number(v)
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1
}

export interface BatchRow {
  id: string
  kind: string
  created_at: string
  count: number
  undoable: boolean
  /** Why it cannot be undone (an i18n key), when it cannot. */
  reason: string | null
}

/** Why a batch cannot be undone: the upstream's reason (a catalogue code), as its undo would answer. */
function reasonOf(b: {
  undoable: boolean
  undone_by?: string | null
  reason?: string | null
}): string | null {
  if (b.undoable) return null
  return b.reason ?? (b.undone_by ? 'tasks.batch_undone' : 'bulk.batches.reason.not_undoable')
}

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireAccess(request)
  const page = positive(new URL(request.url).searchParams.get('page'))
  const [t, res] = await Promise.all([
    translator(request),
    upstream(request).get('/api/tasks/{nodeId}/batches', {
      path: { nodeId: access.node.id },
      query: { page, per_page: BATCHES_PER_PAGE },
    }),
  ])
  const rows: BatchRow[] = res.ok
    ? res.data.map((b) => ({
        id: b.id,
        kind: b.kind,
        created_at: b.created_at,
        count: b.count,
        undoable: b.undoable,
        reason: reasonOf(b),
      }))
    : []
  const total = res.ok ? res.meta.total : 0
  return {
    title: t('bulk.batches.title'),
    page,
    totalPages: Math.max(1, Math.ceil(total / BATCHES_PER_PAGE)),
    total,
    rows,
    problems: res.ok ? [] : (res.detail as DetailEntry[]),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const access = await requireAccess(request)
  const formData = await request.formData()
  await requireCsrf(request, formData)
  const back = safePath(formData.get('back'), routes.tasksBatches())
  if (formData.get('intent') !== 'undo') throw redirect(back)
  const res = await undoBatch(request, access, String(formData.get('batch') ?? ''))
  if (res.ok)
    return redirectWithToast(request, back, {
      type: 'success',
      code: 'bulk.undone',
      params: { count: res.count },
    })
  return redirectWithToast(
    request,
    back,
    ...[...new Set(res.problems.map((p) => p.type))].map((code) => ({ type: 'warning' as const, code })),
  )
}
