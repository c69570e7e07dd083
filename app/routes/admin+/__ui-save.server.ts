import { createHash } from 'node:crypto'
import type { SubmissionResult } from '@conform-to/react'
import type { DetailEntry } from '@domain/errors/catalogue'
import type { NodeSettingsPatch } from '@domain/nodes/settings-schema'
import { hasRight } from '@domain/rights/rights'
import { data, redirect } from '@remix-run/node'
import type { ActionData } from '~/components/admin-ui/action-data'
import { type Section, withLine } from '~/components/admin-ui/schemas'
import { requireAccess } from '~/lib/access.server'
import { routes } from '~/lib/routes'
import { flashHeaders } from '~/lib/session.server'
import type { Schema } from '~/lib/upstream/types'
import { upstream } from '~/lib/upstream.server'

/*
 * Saving an /admin/ui form: PATCH /api/nodes/{nodeId} with the top-level keys the form edits (the
 * upstream merges them; null removes one), then back to the page with the success alert.
 *
 * Conflicts are per form: each form carries `base`, a hash of the part of the settings it edits as
 * the page showed it. Saving re-reads the node; if that part changed meanwhile (someone else saved
 * it), the save is refused with nodes.node_conflict. Otherwise the PATCH carries the version just
 * read, so a save landing between that read and the write is refused by the upstream (409) too.
 * Saving one form therefore never makes another form of the same page stale.
 */

/** A node with all its settings, as GET and PATCH /api/nodes/{nodeId} answer it. */
export type AdminNode = Schema<'AdminNode'>
export type Settings = AdminNode['settings']

/** The part of the settings a form edits, as compared for conflicts. */
function sectionValue(section: Section, s: Settings): unknown {
  switch (section) {
    case 'logo':
      return s.logo ?? null
    case 'general':
      return {
        locale: s.locale ?? null,
        no_left_menu: s.no_left_menu ?? null,
        no_top_menu: s.no_top_menu ?? null,
      }
    case 'menu':
      return s.menu ?? null
    case 'map':
      return s.map ?? null
    case 'theme':
      return s.theme?.css ?? null
    case 'fonts':
      return s.theme?.fonts ?? null
  }
}

/** JSON with sorted keys, so equal settings hash equally whatever order the database returns. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

export function sectionBase(section: Section, settings: Settings): string {
  return createHash('sha256')
    .update(canonical(sectionValue(section, settings)))
    .digest('base64url')
    .slice(0, 22)
}

/** Signed in, bound, is_admin (else home), and the node with all its settings. */
export async function requireAdminNode(request: Request): Promise<AdminNode> {
  const { node, rights } = await requireAccess(request)
  if (!hasRight(rights, 'is_admin')) throw redirect(routes.home())
  const res = await upstream(request).get('/api/nodes/{nodeId}', { path: { nodeId: node.id } })
  if (res.status === 403) throw redirect(routes.home())
  if (!res.ok) {
    throw new Response(JSON.stringify({ detail: res.detail }), {
      status: res.status >= 400 ? res.status : 502,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    })
  }
  return res.data
}

/** `['body', 'settings', 'menu', 'items', 0, 'title']` → `items[0].title`, the form's field name. */
export function fieldName(section: Section, loc: (string | number)[] | undefined): string | null {
  if (loc?.[0] !== 'body' || loc[1] !== 'settings') return null
  // The fonts form has no field per stored face: its refusals are the form's.
  if (section === 'fonts') return null
  let rest = loc.slice(2)
  if (section === 'logo' || section === 'menu' || section === 'map' || section === 'theme')
    rest = rest.slice(1)
  if (rest.length === 0) return null
  return rest.reduce<string>(
    (name, part) => (typeof part === 'number' ? `${name}[${part}]` : name ? `${name}.${part}` : part),
    '',
  )
}

export type Reply = (options?: {
  formErrors?: string[]
  fieldErrors?: Record<string, string[]>
}) => SubmissionResult<string[]>

export function answer(
  section: Section,
  result: SubmissionResult<string[]>,
  status: number,
  extra?: Partial<ActionData>,
) {
  return data<ActionData>({ section, result, ...extra }, { status })
}

/**
 * Saves `patch` if the form's part of the settings is still what the page showed (see the top of
 * this file); then back to the page with the success alert.
 */
export async function save(
  request: Request,
  node: AdminNode,
  section: Section,
  base: FormDataEntryValue | null,
  patch: (current: Settings) => NodeSettingsPatch,
  reply: Reply,
  extra?: Partial<ActionData>,
) {
  if (base !== sectionBase(section, node.settings)) {
    return answer(section, reply({ formErrors: ['nodes.node_conflict'] }), 409, extra)
  }
  const res = await upstream(request).patch('/api/nodes/{nodeId}', {
    path: { nodeId: node.id },
    body: { settings: patch(node.settings), version: node.version },
  })
  if (res.ok) {
    const headers = {
      'Set-Cookie': await flashHeaders(request, { toasts: [{ type: 'success', code: 'nodes.node_edited' }] }),
    }
    return redirect(`/admin/ui#${section}`, { headers })
  }
  if (res.status === 403) throw redirect(routes.home())
  const fieldErrors: Record<string, string[]> = {}
  const formErrors: string[] = []
  for (const d of res.detail as DetailEntry[]) {
    const name = res.status === 422 || res.status === 400 ? fieldName(section, d.loc) : null
    // A refused style sheet names its line (`ctx.line`): kept with the code for the field's text.
    const code = typeof d.ctx?.line === 'number' ? withLine(d.type, d.ctx.line) : d.type
    if (name) fieldErrors[name] = [...(fieldErrors[name] ?? []), code]
    else formErrors.push(code)
  }
  if (!formErrors.length && !Object.keys(fieldErrors).length) formErrors.push('server.error')
  const status = res.status >= 400 && res.status < 600 ? res.status : 502
  return answer(section, reply({ formErrors, fieldErrors }), status, extra)
}
