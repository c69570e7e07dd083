import { parseWithZod } from '@conform-to/zod'
import { hasRight } from '@domain/rights/rights'
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { formSchemaOf } from '~/fields/form/description'
import { type Access, withAccess } from '~/lib/access.server'
import { requireCsrf, requireCsrfInQuery } from '~/lib/csrf.server'
import { readForm } from '~/lib/form.server'
import { i18next } from '~/lib/i18next.server'
import { isWatching, setWatching } from '~/lib/notifications/notifications.server'
import { translator } from '~/lib/page.server'
import { routes } from '~/lib/routes'
import { redirectWithToast } from '~/lib/session.server'
import { historyRows } from '~/lib/tasks/history'
import { commentSegments } from '~/lib/tasks/mentions'
import { taskDetailErrors, taskPayload } from '~/lib/tasks/payload'
import { processByKey } from '~/lib/tasks/processes.server'
import { formOptions, type TaskFormMode, taskForm, taskValues } from '~/lib/tasks/task-form'
import {
  addComment,
  attachmentHref,
  deleteAttachment,
  editTask,
  fieldRows,
  logoHref,
  nodeStatuses,
  nodeUsers,
  processForm,
  type Task,
  taskByKey,
  taskComments,
  taskHistory,
  thumbnailHref,
} from '~/lib/tasks/tasks.server'
import { streamAttachment } from '~/lib/tasks/upload.server'
import type { ToastInput } from '~/lib/toast'

/*
 * Spec §2 /lk t/{processKey}/{taskKey}, the task card. Unknown, not viewable and other nodes' tasks
 * are all page-not-found (the upstream answers 404 for each); a key under another process's key is
 * sent to its own address. The actions: edit (PATCH with the version read), a status move, a
 * comment, an attachment uploaded (streamed) or deleted.
 */

const cardUrl = (task: Pick<Task, 'key' | 'process'>, search = '') =>
  `${routes.TaskCard(task.process.key, task.key)}${search}`

async function findTask(request: Request, params: LoaderFunctionArgs['params']) {
  // The task is asked for with the access check, not after it: it needs only the node.
  const [access, task] = await withAccess(request, (at) => taskByKey(request, at, params.taskKey ?? ''))
  if (!task) throw redirect(routes.pageNotFound())
  return { access, task }
}

/** The card's form for a mode: the process's form over the node's fields, with the status's rules. */
async function cardForm(request: Request, access: Access, task: Task, mode: TaskFormMode) {
  const [rows, process] = await Promise.all([
    fieldRows(request, access),
    processByKey(request, access, task.process.key),
  ])
  const form = process ? await processForm(request, access, process) : null
  return taskForm(rows, form, mode, task.field_rules)
}

const canEdit = (access: Access, task: Task) => hasRight(access.rights, 'task_edit', task.process.key)

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { access, task } = await findTask(request, params)
  const url = new URL(request.url)
  if (task.process.key !== params.processKey) throw redirect(cardUrl(task, url.search))
  const editable = canEdit(access, task)
  const mode: TaskFormMode = editable && url.searchParams.get('edit') === '1' ? 'edit' : 'view'
  const [form, users, statuses, history, comments, t, locale, watching] = await Promise.all([
    cardForm(request, access, task, mode),
    nodeUsers(request, access),
    nodeStatuses(request, access),
    taskHistory(request, access, task),
    taskComments(request, access, task),
    translator(request),
    i18next.getLocale(request),
    isWatching(request, access, task.id),
  ])
  const statusById = new Map(statuses.map((s) => [s.id, s]))
  const userNames = new Map(users.map((u) => [u.id, u.full_name]))
  const mentionable = users.map((u) => ({
    id: u.id,
    full_name: u.full_name,
    email: u.contacts?.email ?? u.user_name,
  }))
  return {
    title: t('tasks.card.title'),
    mode,
    canEdit: editable,
    watching,
    expandAttachments: url.searchParams.get('attachments') === 'all',
    task: {
      id: task.id,
      key: task.key,
      title: task.title,
      version: task.version,
      created_at: task.created_at,
      updated_at: task.updated_at,
      status: task.status,
      process: task.process,
      author: task.author?.full_name ?? '',
      assignee: task.assignee?.full_name ?? '',
    },
    form,
    values: taskValues(task),
    options: formOptions(form.definitions, { users, statuses, processes: [task.process] }),
    moves: task.allowed_moves.flatMap((m) => {
      const s = statusById.get(m.to_status_id)
      return s ? [{ id: s.id, name: s.name, color: s.color, required: m.required_fields }] : []
    }),
    attachments: task.attachments.map((a) => ({
      id: a.id,
      name: a.name,
      size: a.size,
      content_type: a.content_type,
      href: attachmentHref(access, a),
      thumb: thumbnailHref(access, a),
      user: a.user?.full_name ?? '',
      userLogo: logoHref(a.user?.logo),
      created_at: a.created_at,
    })),
    comments: comments.map((c) => ({
      id: c.id,
      author: c.author?.full_name ?? '',
      authorLogo: logoHref(c.author?.logo),
      created_at: c.created_at,
      segments: commentSegments(c.body, c.mentions, mentionable),
    })),
    history: historyRows(history, {
      definitions: form.definitions,
      names: {
        assignee: userNames,
        author: userNames,
        status: new Map(statuses.map((s) => [s.id, s.name])),
        process: new Map([[task.process.id, task.process.name]]),
      },
      locale,
      t: (key) => t(key),
    }),
  }
}

const warning = (code: string): ToastInput => ({ type: 'warning', code })

/** Failed upstream answers as alerts: each detail's code, or the fallback. */
function refusal(detail: readonly { type: string }[], fallback: string): ToastInput[] {
  const codes = [...new Set(detail.map((d) => d.type))]
  return (codes.length ? codes : [fallback]).map(warning)
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { access, task } = await findTask(request, params)
  const url = new URL(request.url)

  // The upload's body is a file on its way to the upstream: not read here, so its token is in the URL.
  if (url.searchParams.get('intent') === 'upload') {
    requireCsrfInQuery(request)
    const res = await streamAttachment(request, access, task.id)
    if (res.status === 201)
      return redirectWithToast(request, cardUrl(task), {
        type: 'success',
        code: 'attachments.attachment_created',
      })
    return redirectWithToast(request, cardUrl(task), ...refusal(res.detail, 'value_error'))
  }

  const formData = await readForm(request)
  await requireCsrf(request, formData)
  const intent = String(formData.get('intent') ?? '')
  const version = Number(formData.get('version'))

  if (intent === 'edit') {
    const { definitions, description } = await cardForm(request, access, task, 'edit')
    const submission = parseWithZod(formData, { schema: formSchemaOf(definitions, description) })
    if (submission.status !== 'success') return { intent, result: submission.reply() }
    const res = await editTask(request, access, task, { ...taskPayload(submission.value), version })
    if (res.ok)
      return redirectWithToast(request, cardUrl(task), { type: 'success', code: 'tasks.task_edited' })
    // Someone saved since this form was read: the page shows what is stored now, still editing.
    if (res.status === 409)
      return redirectWithToast(request, cardUrl(task, '?edit=1'), warning('tasks.task_conflict'))
    const errors = taskDetailErrors(
      res.detail.length ? res.detail : [{ type: 'value_error', msg: '' }],
      definitions.map((d) => d.name),
    )
    return { intent, result: submission.reply(errors) }
  }

  if (intent === 'move') {
    const statusId = String(formData.get('status_id') ?? '')
    if (!task.allowed_moves.some((m) => m.to_status_id === statusId))
      return redirectWithToast(request, cardUrl(task), warning('workflow.move_not_allowed'))
    const res = await editTask(request, access, task, { version, status_id: statusId })
    if (res.ok)
      return redirectWithToast(request, cardUrl(task), { type: 'success', code: 'tasks.task_edited' })
    if (res.status === 409) return redirectWithToast(request, cardUrl(task), warning('tasks.task_conflict'))
    return redirectWithToast(request, cardUrl(task), ...refusal(res.detail, 'value_error'))
  }

  if (intent === 'comment') {
    const body = String(formData.get('body') ?? '').trim()
    if (!body) return { intent, errors: ['value_error.missing'] }
    const res = await addComment(request, access, task, body)
    if (res.ok) return redirect(`${cardUrl(task)}#comments`)
    return { intent, errors: refusal(res.detail, 'value_error').map((x) => x.code ?? 'value_error') }
  }

  if (intent === 'watch' || intent === 'unwatch') {
    const res = await setWatching(request, access, task.id, intent === 'watch')
    const done = intent === 'watch' ? 'tasks.task_watched' : 'tasks.task_unwatched'
    return redirectWithToast(
      request,
      cardUrl(task),
      ...(res.ok ? [{ type: 'success' as const, code: done }] : refusal(res.detail, 'value_error')),
    )
  }

  if (intent === 'delete-attachment') {
    const res = await deleteAttachment(request, access, String(formData.get('attachment_id') ?? ''))
    return redirectWithToast(
      request,
      cardUrl(task),
      res.ok
        ? { type: 'success', code: 'attachments.attachment_deleted' }
        : warning('attachments.attachment_not_deleted'),
    )
  }

  throw new Response('Unknown form', { status: 400 })
}
