import { type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PageHeader } from '~/components/page/page-header'
import { requireAccess } from '~/lib/access.server'
import { titleMeta } from '~/lib/meta'
import { pageTitle } from '~/lib/page.server'
import { routes } from '~/lib/routes'

interface TaskSummary {
  key: string
  title: string
}

/** Tasks arrive with their issue (GET /tasks/{nodeId}/{taskKey}/key); until then none is found. */
async function findTask(
  _request: Request,
  _processKey: string,
  _taskKey: string,
): Promise<TaskSummary | null> {
  return null
}

/**
 * Spec §2 /lk t/{processKey}/{taskKey}, the task card (route name TaskCard), titled 'карточка
 * задачи'. An unknown task is page-not-found.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // The layout's access check first: its redirect (to login…) must win over page-not-found.
  await requireAccess(request)
  const task = await findTask(request, params.processKey ?? '', params.taskKey ?? '')
  if (!task) throw redirect(routes.pageNotFound())
  return { title: await pageTitle(request, 'tasks.card.title'), task }
}

export const meta = titleMeta

export default function TaskCardPage() {
  const { title, task } = useLoaderData<typeof loader>()
  return <PageHeader title={title} subtitle={`${task.key} · ${task.title}`} />
}
