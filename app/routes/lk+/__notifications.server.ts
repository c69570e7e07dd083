import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { requireAccess } from '~/lib/access.server'
import { requireCsrf } from '~/lib/csrf.server'
import { readForm } from '~/lib/form.server'
import {
  INBOX_PER_PAGE,
  inbox,
  isInboxTab,
  markRead,
  processKeyOf,
} from '~/lib/notifications/notifications.server'
import { pageTitle } from '~/lib/page.server'
import { routes } from '~/lib/routes'
import { redirectWithToast } from '~/lib/session.server'

/*
 * /lk/notifications, the inbox (issue 13): tabs all / unread / mentions and a page in the query.
 * Opening an item is a form post — mark it read, then go to its task — so it works without
 * JavaScript; "mark all read" likewise.
 */

const positive = (v: string | null) => {
  const n = Number(v)
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const asked = url.searchParams.get('tab')
  const tab = isInboxTab(asked) ? asked : 'all'
  const page = positive(url.searchParams.get('page'))
  const access = await requireAccess(request)
  const [title, list] = await Promise.all([
    pageTitle(request, 'notifications.title'),
    inbox(request, access, tab, page),
  ])
  return {
    title,
    tab,
    page,
    totalPages: Math.max(1, Math.ceil(list.total / INBOX_PER_PAGE)),
    items: list.items,
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request)
  await requireCsrf(request, formData)
  const access = await requireAccess(request)
  const intent = String(formData.get('intent') ?? '')
  if (intent === 'open') {
    const id = String(formData.get('id') ?? '')
    const key = String(formData.get('task_key') ?? '')
    // A bad id is the upstream's 422: the task opens all the same (it says whether it may be seen).
    await markRead(request, access, { ids: [id] })
    const processKey = processKeyOf(key)
    return redirect(processKey ? routes.TaskCard(processKey, key) : routes.notifications())
  }
  if (intent === 'read-all') {
    const res = await markRead(request, access, { all: true })
    const back = String(formData.get('back') ?? '')
    const to = back.startsWith(`${routes.notifications()}?`) ? back : routes.notifications()
    return redirectWithToast(
      request,
      to,
      res.ok
        ? { type: 'success', code: 'notifications.marked_read' }
        : { type: 'warning', code: 'value_error' },
    )
  }
  throw new Response('Unknown form', { status: 400 })
}
