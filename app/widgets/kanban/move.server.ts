import { data } from '@remix-run/node'
import type { Access } from '~/lib/access.server'
import { redirectWithToast } from '~/lib/session.server'
import { editTask, type TaskBody } from '~/lib/tasks/tasks.server'

/*
 * A kanban card's move (issue 26): the ordinary task edit — status and the version the board read —
 * through the upstream's planner, which refuses what the workflow, the viewer's rights or the
 * status's required fields do not allow. The fields a move requires come as `field.{name}` (the
 * card modal's, with JavaScript). Without JavaScript the answer is the board again with an alert;
 * with it (`js=1`, a fetcher), the outcome as data: the widget shows it and returns a refused card.
 */

export interface MoveAnswer {
  ok: boolean
  /** The task changed since the board read it (409): the widget reloads and says so. */
  conflict: boolean
  /** Catalogue codes: the success, or each refusal. */
  codes: string[]
  task_id: string
}

/** The required fields' values as the task edit takes them (custom fields, assignee, title…). */
function fieldsOf(form: FormData): Partial<TaskBody<'patch'>> {
  const body: Record<string, unknown> = {}
  const custom: Record<string, unknown> = {}
  for (const [key, value] of form) {
    if (!key.startsWith('field.') || typeof value !== 'string') continue
    const name = key.slice('field.'.length)
    const v = value.trim()
    if (name.startsWith('cf_')) custom[name] = v === '' ? null : v
    else if (name === 'assignee') body.assignee_id = v || null
    else if (name === 'title' || name === 'description') body[name] = v
  }
  if (Object.keys(custom).length) body.custom_fields = custom
  return body as Partial<TaskBody<'patch'>>
}

/** Where the board page is, without the index route's marker (the home board posts to `/lk?index`). */
function boardUrl(request: Request): string {
  const url = new URL(request.url)
  url.searchParams.delete('index')
  const qs = url.searchParams.toString()
  return `${url.pathname}${qs ? `?${qs}` : ''}`
}

export async function kanbanMove(request: Request, access: Access, form: FormData) {
  const taskId = String(form.get('task_id') ?? '')
  const statusId = String(form.get('status_id') ?? '')
  const version = Number(form.get('version'))
  const js = form.get('js') === '1'
  let answer: MoveAnswer
  if (!taskId || !statusId || !Number.isInteger(version)) {
    answer = { ok: false, conflict: false, codes: ['value_error'], task_id: taskId }
  } else {
    const res = await editTask(
      request,
      access,
      { id: taskId },
      { ...fieldsOf(form), version, status_id: statusId },
    )
    answer = res.ok
      ? { ok: true, conflict: false, codes: ['widgets.kanban.moved'], task_id: taskId }
      : {
          ok: false,
          conflict: res.status === 409,
          codes:
            res.status === 409
              ? ['tasks.task_conflict']
              : [...new Set(res.detail.map((d) => d.type))]
                  .slice(0, 5)
                  .concat(res.detail.length ? [] : ['value_error']),
          task_id: taskId,
        }
  }
  if (js) return data(answer)
  return redirectWithToast(
    request,
    boardUrl(request),
    ...answer.codes.map((code) => ({ type: answer.ok ? ('success' as const) : ('warning' as const), code })),
  )
}
