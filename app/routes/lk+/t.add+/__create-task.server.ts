import { parseWithZod } from '@conform-to/zod'
import { hasRight } from '@domain/rights/rights'
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { formSchemaOf } from '~/fields/form/description'
import { type Access, requireTaskCreate } from '~/lib/access.server'
import { requireCsrf } from '~/lib/csrf.server'
import { readForm } from '~/lib/form.server'
import { pageTitle } from '~/lib/page.server'
import { routes } from '~/lib/routes'
import { redirectWithToast } from '~/lib/session.server'
import { taskDetailErrors, taskPayload } from '~/lib/tasks/payload'
import { processByKey } from '~/lib/tasks/processes.server'
import { formOptions, taskForm } from '~/lib/tasks/task-form'
import { createTask, fieldRows, nodeUsers, processForm, type TaskBody } from '~/lib/tasks/tasks.server'

/**
 * The process of the URL and its create form. An unknown process, or one the user may not create
 * tasks in (task_create names other keys), is page-not-found: the page does not say it exists.
 */
async function creation(request: Request, access: Access, key: string) {
  const process = await processByKey(request, access, key)
  if (!process || !hasRight(access.rights, 'task_create', process.key)) throw redirect(routes.pageNotFound())
  const [rows, form] = await Promise.all([fieldRows(request, access), processForm(request, access, process)])
  return { process, ...taskForm(rows, form, 'create') }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const access = await requireTaskCreate(request)
  const { process, definitions, description } = await creation(request, access, params.processKey ?? '')
  const [title, users] = await Promise.all([
    pageTitle(request, 'tasks.add.title'),
    nodeUsers(request, access),
  ])
  return {
    title,
    process: { key: process.key, name: process.name },
    definitions,
    description,
    options: formOptions(definitions, { users, processes: [process] }),
  }
}

/**
 * Spec §3: the form's values (checked with the page's own schema) sent as the task — assignee as
 * assignee_id, cf_… under custom_fields, dotted names nested. Created: the card, with 'Task
 * successfully created'. Refused: the upstream's detail at the fields its loc names.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const access = await requireTaskCreate(request)
  const formData = await readForm(request)
  await requireCsrf(request, formData)
  const { process, definitions, description } = await creation(request, access, params.processKey ?? '')
  const submission = parseWithZod(formData, { schema: formSchemaOf(definitions, description) })
  if (submission.status !== 'success') return { result: submission.reply() }
  // The form's schema is built from the node's field definitions (title required among them): the
  // payload is the create body, which the upstream checks again.
  const body = taskPayload(submission.value) as TaskBody<'post'>
  const res = await createTask(request, access, process.id, body)
  if (res.ok)
    return redirectWithToast(request, routes.TaskCard(res.data.process.key, res.data.key), {
      type: 'success',
      code: 'tasks.task_created',
    })
  const errors = taskDetailErrors(
    res.detail.length ? res.detail : [{ type: 'value_error', msg: '' }],
    definitions.map((d) => d.name),
  )
  return { result: submission.reply(errors) }
}
