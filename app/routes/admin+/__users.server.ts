import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import type { DetailEntry } from '@domain/errors/catalogue'
import { data } from '@remix-run/node'
import type { ZodTypeAny, z } from 'zod'
import { detailErrors } from '~/components/admin-users/detail-errors'
import { requireAdmin } from '~/lib/access.server'
import type { PublicUser } from '~/lib/auth.server'
import { redirectWithToast } from '~/lib/session.server'
import type { ToastInput } from '~/lib/toast'
import { type Upstream, type UpstreamResult, upstream } from '~/lib/upstream.server'

/** A user of the node as GET /api/users/{nodeId} lists them. */
export type NodeUser = PublicUser & { created_at: string; updated_at: string }

/** A right granted directly to a user (GET /api/rights/{nodeId}?user_id=). */
export interface Grant {
  id: string
  right_code: string
  attributes: string[] | null
  subject_type: 'user' | 'team'
  subject_id: string
}

/**
 * Every loader and action of /admin/users: the access check of spec §4, then is_admin (spec §6),
 * else home. Actions need it too — the admin layout's loader does not run for a POST.
 */
export async function requireUsersAdmin(request: Request) {
  return { ...(await requireAdmin(request)), api: upstream(request) }
}

/** Spec §8: detail entries show as success alerts on success, warnings on error (5xx: danger). */
export function resultToasts(res: UpstreamResult<unknown>, fallback: string): ToastInput[] {
  const type = res.ok ? 'success' : res.status >= 500 ? 'danger' : 'warning'
  const codes = res.detail.map((d: DetailEntry) => d.type)
  return (codes.length ? [...new Set(codes)] : [res.status >= 500 ? 'server.error' : fallback]).map(
    (code) => ({ type, code }),
  )
}

/** An upstream answer a page cannot work without: the error boundary shows it with its status. */
export function upstreamFailure(res: UpstreamResult<unknown>): Response {
  return new Response(JSON.stringify({ detail: res.detail }), {
    status: res.status >= 400 ? res.status : 502,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  })
}

/** One user of the node (GET /users/{nodeId}/{userId}); undefined when the node has no such user. */
export async function findNodeUser(api: Upstream, nodeId: string, userId: string) {
  const res = await api.get<NodeUser>(
    `/api/users/${encodeURIComponent(nodeId)}/${encodeURIComponent(userId)}`,
  )
  if (res.status === 404 || res.status === 422) return undefined
  if (!res.ok || !res.data) throw upstreamFailure(res)
  return res.data
}

/**
 * One form's action (STYLE.md §2): the form's own schema parses the post (errors → 400 with
 * `submission.reply`), the upstream is called, success redirects with its alerts; an upstream refusal
 * comes back as errors at the fields its `loc` names, or above the form. `intent` tells the page
 * which of its forms the answer is for.
 */
export async function submitForm<S extends ZodTypeAny>(
  request: Request,
  formData: FormData,
  form: { intent: string; schema: S; hideFields?: string[] },
  send: (value: z.output<S>) => Promise<UpstreamResult<unknown>>,
  success: { to: string; fallback: string },
) {
  const { intent, schema, hideFields = [] } = form
  const submission = parseWithZod(formData, { schema })
  if (submission.status !== 'success') {
    return data({ intent, result: submission.reply({ hideFields }) }, { status: 400 })
  }
  const res = await send(submission.value)
  if (res.ok) return redirectWithToast(request, success.to, ...resultToasts(res, success.fallback))
  const { fieldErrors, formErrors } = detailErrors(res.detail, Object.keys(getZodConstraint(schema)))
  if (formErrors.length === 0 && Object.keys(fieldErrors).length === 0)
    formErrors.push(res.status >= 500 ? 'server.error' : 'value_error')
  return data(
    { intent, result: submission.reply({ fieldErrors, formErrors, hideFields }) },
    { status: res.status >= 400 && res.status < 500 ? res.status : 502 },
  )
}
