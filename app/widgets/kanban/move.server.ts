import type { DetailEntry } from '@domain/errors/catalogue'
import { data } from '@remix-run/node'
import type { Access } from '~/lib/access.server'
import { redirectWithToast } from '~/lib/session.server'
import { expandDotted, fieldOfLoc, taskDetailErrors, taskPayload } from '~/lib/tasks/payload'
import { editTask, type TaskBody } from '~/lib/tasks/tasks.server'

/*
 * A kanban card's move (issue 26): the ordinary task edit — status and the version the board read —
 * through the upstream's planner, which refuses what the workflow, the viewer's rights or the
 * status's required fields do not allow. The fields a move requires come as `field.{name}` (the
 * modal's: a composite's children as `field.{name}.{child}`). Without JavaScript the answer is the
 * board again with an alert, or — refused at fields (the "move to" form sends none) — the page with
 * this answer, where the widget asks for them; with it (`js=1`, a fetcher), the outcome as data:
 * the widget shows it, returns a refused card, and asks again with the errors at their fields.
 */

export interface MoveAnswer {
  /** Tells this answer apart from the board action's others (the page's action data, without JavaScript). */
  intent: 'kanban_move'
  ok: boolean
  /** The task changed since the board read it (409): the widget reloads and says so. */
  conflict: boolean
  /** Catalogue codes: the success, or each refusal. */
  codes: string[]
  task_id: string
  /** The status asked for, and the kanban that asked (a board may hold two showing the same task). */
  to: string
  widget_id: string
  /**
   * A refusal's errors by the modal's field name, a composite's children under their own
   * ('cf_address.city'): the modal shows each at its field and asks again.
   */
  errors: Record<string, string[]>
  /** The values sent, as the fields take them back (a composite as its group), to ask again with. */
  values: Record<string, unknown>
}

/** The modal's values by field name (`field.cf_address.city` → `cf_address.city`); a repeated name is a list. */
function postedFields(form: FormData): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [key, value] of form) {
    if (!key.startsWith('field.') || typeof value !== 'string') continue
    const name = key.slice('field.'.length)
    const had = out[name]
    out[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value]
  }
  return out
}

/**
 * The required fields' values as the task edit takes them (custom fields, assignee, title…): an
 * emptied field is no value; a composite's children come as `cf_x.child` and go as its group.
 */
function fieldsOf(posted: Record<string, string | string[]>): Partial<TaskBody<'patch'>> {
  const values: Record<string, unknown> = {}
  for (const [name, raw] of Object.entries(posted)) {
    const v = typeof raw === 'string' ? raw.trim() : raw
    values[name] = v === '' && name.startsWith('cf_') && !name.includes('.') ? null : v
  }
  return taskPayload(values) as Partial<TaskBody<'patch'>>
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
  const posted = postedFields(form)
  const base = {
    intent: 'kanban_move' as const,
    task_id: taskId,
    to: statusId,
    widget_id: String(form.get('widget_id') ?? ''),
    errors: {},
    values: expandDotted(posted),
  }
  let answer: MoveAnswer
  if (!taskId || !statusId || !Number.isInteger(version)) {
    answer = { ...base, ok: false, conflict: false, codes: ['value_error'] }
  } else {
    const res = await editTask(
      request,
      access,
      { id: taskId },
      { ...fieldsOf(posted), version, status_id: statusId },
    )
    // Errors at a field: the names sent and their roots (an empty composite is refused as a whole).
    const names = Object.keys(posted).flatMap((n) => [n, n.split('.')[0]!])
    answer = res.ok
      ? { ...base, ok: true, conflict: false, codes: ['widgets.kanban.moved'] }
      : {
          ...base,
          ok: false,
          conflict: res.status === 409,
          codes:
            res.status === 409
              ? ['tasks.task_conflict']
              : [...new Set(res.detail.map((d) => d.type))]
                  .slice(0, 5)
                  .concat(res.detail.length ? [] : ['value_error']),
          errors:
            res.status === 409
              ? {}
              : taskDetailErrors(res.detail, [...names, ...requiredNames(res.detail)]).fieldErrors,
        }
  }
  if (js) return data(answer)
  // Without JavaScript, a move refused for its fields' sake is the page again with the answer: the
  // widget asks for those fields (the modal's form, server-rendered), errors at their children.
  if (!answer.ok && Object.keys(answer.errors).length) return data(answer, { status: 422 })
  return redirectWithToast(
    request,
    boardUrl(request),
    ...answer.codes.map((code) => ({ type: answer.ok ? ('success' as const) : ('warning' as const), code })),
  )
}

/** The fields a refusal says the move requires (the "move to" form sends none: these are asked for). */
function requiredNames(detail: readonly DetailEntry[]): string[] {
  return detail.flatMap((d) => {
    const name = d.type === 'workflow.field_required' ? fieldOfLoc(d.loc) : undefined
    return name ? [name] : []
  })
}
