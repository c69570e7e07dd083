import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node'
import { type Access, requireAccess } from '~/lib/access.server'
import { requireCsrf } from '~/lib/csrf.server'
import { i18next } from '~/lib/i18next.server'
import { translator } from '~/lib/page.server'
import { routes } from '~/lib/routes'
import { redirectWithToast } from '~/lib/session.server'
import { applyEdit, dryRun, type EditOffer, editOffer, selectedTasks } from '~/lib/tasks/bulk-edit.server'
import { readPatch } from '~/lib/tasks/bulk-patch.server'
import { type PreviewView, previewView } from '~/lib/tasks/bulk-preview.server'
import { readSelection, type Selection, selectionEntries, selectionQuery } from '~/lib/tasks/bulk-selection'
import { definitionOf } from '~/lib/tasks/task-form'
import { fieldRows, nodeStatuses, nodeUsers } from '~/lib/tasks/tasks.server'

/*
 * /lk/tasks/edit (issue 24 item 4): the bulk edit of a selection from the search results. GET: the
 * edit form for the selection the results' form sent (`key`…, or `all=1` with the search's `q`).
 * POST `preview`: the dry run, rendered under the form; POST `apply`: one batch, then back to the
 * search with an alert whose Undo posts to /lk/tasks/batches. Plain forms: no JavaScript needed.
 */

/** The search the selection came from. */
export const searchHref = (q: string) =>
  q ? `${routes.tasks()}?${new URLSearchParams({ q })}` : routes.tasks()

/** The selection and what it offers, or a redirect back to the search saying why not. */
async function offerFor(request: Request, access: Access, selection: Selection | null) {
  if (!selection)
    throw await redirectWithToast(request, routes.tasks(), { type: 'warning', code: 'bulk.nothing_selected' })
  const selected = await selectedTasks(request, access, selection)
  const back = searchHref(selection.q)
  if ('problems' in selected)
    throw await redirectWithToast(request, back, { type: 'warning', code: selected.problems[0]!.type })
  if (selected.total === 0)
    throw await redirectWithToast(request, back, { type: 'warning', code: 'bulk.nothing_selected' })
  return editOffer(request, access, selected)
}

/** What the page needs of an offer (the tasks' list stays on the server). */
const offerView = (offer: EditOffer) => ({
  total: offer.selected.total,
  exact: offer.selected.exact,
  processes: new Set(offer.selected.tasks.map((t) => t.process_id)).size,
  statuses: offer.statuses,
  assignee: offer.assignee,
  fields: offer.fields,
  options: offer.options,
  titles: offer.titles,
})

export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireAccess(request)
  const selection = readSelection(new URL(request.url).searchParams)
  const [offer, t] = await Promise.all([offerFor(request, access, selection), translator(request)])
  return {
    title: t('bulk.title'),
    selection: selection!,
    hidden: selectionEntries(selection!),
    back: searchHref(selection!.q),
    offer: offerView(offer),
  }
}

async function previewOf(request: Request, access: Access, query: string, patch: Record<string, unknown>) {
  const [preview, rows, users, statuses, t, locale] = await Promise.all([
    dryRun(request, access, query, patch),
    fieldRows(request, access),
    nodeUsers(request, access),
    nodeStatuses(request, access),
    translator(request),
    i18next.getLocale(request),
  ])
  return previewView(preview, {
    definitions: rows.map(definitionOf),
    users: new Map(users.map((u) => [u.id, u.full_name])),
    statuses: new Map(statuses.map((s) => [s.id, s.name])),
    locale,
    t: (key) => t(key),
  })
}

export interface BulkActionData {
  posted: { status: string; changed: string[]; values: Record<string, unknown> }
  errors: Record<string, string[]>
  formErrors: string[]
  preview: PreviewView | null
}

export async function action({ request }: ActionFunctionArgs) {
  const access = await requireAccess(request)
  const formData = await request.formData()
  await requireCsrf(request, formData)
  const selection = readSelection(formData)
  const offer = await offerFor(request, access, selection)
  const read = readPatch(formData, offer)
  if (!read.ok)
    return data<BulkActionData>(
      { posted: read.posted, errors: read.errors, formErrors: read.formErrors, preview: null },
      { status: 400 },
    )
  const base = { posted: read.posted, errors: {}, formErrors: [] }
  if (formData.get('intent') !== 'apply') {
    const preview = await previewOf(request, access, selectionQuery(selection!), read.patch)
    return data<BulkActionData>({ ...base, preview })
  }
  const applied = await applyEdit(request, access, selection!, read.patch)
  const back = searchHref(selection!.q)
  if (!applied.ok)
    return data<BulkActionData>(
      { ...base, formErrors: [...new Set(applied.problems.map((p) => p.type))], preview: null },
      { status: 409 },
    )
  if (!applied.batchId)
    return redirectWithToast(request, back, { type: 'info', code: 'bulk.nothing_changed' })
  return redirectWithToast(request, back, {
    type: 'success',
    code: applied.refused ? 'bulk.applied_some' : 'bulk.applied',
    params: { count: applied.count, refused: applied.refused },
    action: {
      label: 'bulk.undo',
      to: routes.tasksBatches(),
      fields: { intent: 'undo', batch: applied.batchId, back },
    },
  })
}
