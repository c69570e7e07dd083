import { createHash, randomUUID } from 'node:crypto'
import type { SubmissionResult } from '@conform-to/react'
import type { DetailEntry } from '@domain/errors/catalogue'
import type { NodeSettingsPatch, nodeSettingsOutputSchema } from '@domain/nodes/settings-schema'
import { hasRight } from '@domain/rights/rights'
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  MaxPartSizeExceededError,
  redirect,
  type UploadHandler,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from '@remix-run/node'
import type { z } from 'zod'
import type { ActionData } from '~/components/admin-ui/action-data'
import {
  applyMenuOp,
  menuDraftFromPayload,
  menuDraftFromSettings,
  parseMenuIntent,
} from '~/components/admin-ui/menu-tree'
import {
  generalSchema,
  LOGO_SLOTS,
  type LogoSlot,
  logoSchema,
  menuSchema,
  parseSection,
  SECTIONS,
  type Section,
  signInSchema,
  UPLOAD_MAX_BYTES,
} from '~/components/admin-ui/schemas'
import { requireAccess } from '~/lib/access.server'
import { i18next } from '~/lib/i18next.server'
import { flashHeaders } from '~/lib/session.server'
import { upstream } from '~/lib/upstream.server'
import { logoFromBytes } from './__ui-logo.server'

/*
 * /admin/ui: the node's interface settings. Four forms (logo, language and layout, menu, sign-in),
 * each saved on its own with PATCH /api/nodes/{nodeId}, which merges top-level keys.
 *
 * Conflicts are per form: each form carries `base`, a hash of the part of the settings it edits as
 * the page showed it. Saving re-reads the node; if that part changed meanwhile (someone else saved
 * it), the save is refused with nodes.node_conflict. Otherwise the PATCH carries the version just
 * read, so a save landing between that read and the write is refused by the upstream (409) too.
 * Saving one form therefore never makes another form of the same page stale.
 */

type Settings = z.infer<typeof nodeSettingsOutputSchema>

interface AdminNode {
  id: string
  domain: string
  settings: Settings
  version: number
  updated_at: string
}

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
    case 'sign-in':
      return { service_center: s.auth?.service_center ?? null, sso: s.sso ?? null }
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
async function requireAdminNode(request: Request): Promise<AdminNode> {
  const { node, rights } = await requireAccess(request)
  if (!hasRight(rights, 'is_admin')) throw redirect('/lk')
  const res = await upstream(request).get<AdminNode>(`/api/nodes/${encodeURIComponent(node.id)}`)
  if (res.status === 403) throw redirect('/lk')
  if (!res.ok || !res.data) {
    throw new Response(JSON.stringify({ detail: res.detail }), {
      status: res.status >= 400 ? res.status : 502,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    })
  }
  return res.data
}

export async function loader({ request }: LoaderFunctionArgs) {
  const [node, t] = await Promise.all([requireAdminNode(request), i18next.getFixedT(request, 'admin-ui')])
  const s = node.settings
  const sc = s.auth?.service_center
  return {
    title: t('title'),
    domain: node.domain,
    logo: { main: s.logo?.main ?? '', small: s.logo?.small ?? '', favicon: s.logo?.favicon ?? '' },
    general: {
      locale: s.locale ?? 'ru',
      no_left_menu: s.no_left_menu ?? false,
      no_top_menu: s.no_top_menu ?? false,
    },
    menu: menuDraftFromSettings(s.menu),
    signIn: {
      service_center: {
        url: sc?.url ?? '',
        project_id: sc?.project_id ?? '',
        account_id: sc?.account_id ?? '',
      },
      sso: {
        issuer: s.sso?.issuer ?? '',
        audience: s.sso?.audience ?? '',
        jwks_url: s.sso?.jwks_url ?? '',
        create_users: s.sso?.create_users ?? false,
      },
    },
    bases: Object.fromEntries(SECTIONS.map((section) => [section, sectionBase(section, s)])) as Record<
      Section,
      string
    >,
  }
}

/* ---------- the action ---------- */

const MAX_PARTS = 16

/** Multipart (the logo form): at most UPLOAD_MAX_BYTES per part, and only a few parts. */
async function readMultipart(request: Request): Promise<FormData> {
  const memory = unstable_createMemoryUploadHandler({ maxPartSize: UPLOAD_MAX_BYTES })
  let parts = 0
  const handler: UploadHandler = (part) => {
    if (++parts > MAX_PARTS) throw new MaxPartSizeExceededError(part.name, 0)
    return memory(part)
  }
  return unstable_parseMultipartFormData(request, handler)
}

/** `['body', 'settings', 'menu', 'items', 0, 'title']` → `items[0].title`, the form's field name. */
function fieldName(section: Section, loc: (string | number)[] | undefined): string | null {
  if (loc?.[0] !== 'body' || loc[1] !== 'settings') return null
  let rest = loc.slice(2)
  if (section === 'logo' || section === 'menu') rest = rest.slice(1)
  else if (section === 'sign-in' && rest[0] === 'auth') rest = rest.slice(1)
  if (rest.length === 0) return null
  return rest.reduce<string>(
    (name, part) => (typeof part === 'number' ? `${name}[${part}]` : name ? `${name}.${part}` : part),
    '',
  )
}

type Reply = (options?: {
  formErrors?: string[]
  fieldErrors?: Record<string, string[]>
}) => SubmissionResult<string[]>

function answer(
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
async function save(
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
  const res = await upstream(request).patch<AdminNode>(`/api/nodes/${encodeURIComponent(node.id)}`, {
    settings: patch(node.settings),
    version: node.version,
  })
  if (res.ok) {
    const headers = {
      'Set-Cookie': await flashHeaders(request, { toasts: [{ type: 'success', code: 'nodes.node_edited' }] }),
    }
    return redirect(`/admin/ui#${section}`, { headers })
  }
  if (res.status === 403) throw redirect('/lk')
  const fieldErrors: Record<string, string[]> = {}
  const formErrors: string[] = []
  for (const d of res.detail as DetailEntry[]) {
    const name = res.status === 422 || res.status === 400 ? fieldName(section, d.loc) : null
    if (name) fieldErrors[name] = [...(fieldErrors[name] ?? []), d.type]
    else formErrors.push(d.type)
  }
  if (!formErrors.length && !Object.keys(fieldErrors).length) formErrors.push('server.error')
  const status = res.status >= 400 && res.status < 600 ? res.status : 502
  return answer(section, reply({ formErrors, fieldErrors }), status, extra)
}

async function logoAction(request: Request, node: AdminNode) {
  let formData: FormData
  try {
    formData = await readMultipart(request)
  } catch (error) {
    if (!(error instanceof MaxPartSizeExceededError)) throw error
    const slot = LOGO_SLOTS.find((s) => s === error.field)
    const result: SubmissionResult<string[]> = {
      status: 'error',
      error: slot ? { [slot]: ['logo.error.too_large'] } : { '': ['request.too_large'] },
    }
    return answer('logo', result, 413)
  }
  const submission = parseSection(formData, logoSchema)
  const intent = String(formData.get('intent') ?? '')
  const removing = /^logo:remove:(main|small|favicon)$/.exec(intent)?.[1] as LogoSlot | undefined
  if (removing) {
    return save(
      request,
      node,
      'logo',
      formData.get('base'),
      (s) => {
        const { [removing]: _gone, ...rest } = s.logo ?? {}
        return { logo: Object.keys(rest).length ? rest : null }
      },
      submission.reply,
    )
  }
  if (submission.status !== 'success') return answer('logo', submission.reply(), 400)

  // The browser's checks were on the name and the declared type; these are on the bytes.
  const images: Partial<Record<LogoSlot, string>> = {}
  const fieldErrors: Record<string, string[]> = {}
  for (const slot of LOGO_SLOTS) {
    const file = submission.value[slot]
    if (!file) continue
    const checked = logoFromBytes(new Uint8Array(await file.arrayBuffer()))
    if (checked.ok) images[slot] = checked.dataUrl
    else fieldErrors[slot] = [checked.code]
  }
  if (Object.keys(fieldErrors).length) return answer('logo', submission.reply({ fieldErrors }), 400)
  if (!Object.keys(images).length)
    return answer('logo', submission.reply({ formErrors: ['logo.error.nothing'] }), 400)
  return save(
    request,
    node,
    'logo',
    formData.get('base'),
    (s) => ({ logo: { ...s.logo, ...images } }),
    submission.reply,
  )
}

async function menuAction(request: Request, node: AdminNode, formData: FormData, intent: string) {
  const base = String(formData.get('base') ?? '')
  const draftId = String(formData.get('draft') ?? '')
  if (intent === 'menu:save') {
    const submission = parseSection(formData, menuSchema)
    // The same draft stays on the page: the errors show on the fields as they are.
    const items = menuDraftFromPayload((submission.payload as { items?: unknown }).items)
    const extra = { menu: { items, id: draftId, base, focus: null } }
    if (submission.status !== 'success') return answer('menu', submission.reply(), 400, extra)
    const menu = submission.value
    return save(request, node, 'menu', base, () => ({ menu }), submission.reply, extra)
  }
  // An editing step: apply it to what was posted and show the new draft (nothing is stored).
  const op = parseMenuIntent(intent.slice('menu:'.length))
  const payload = parseSection(formData, menuSchema).payload as { items?: unknown }
  const items = menuDraftFromPayload(payload.items)
  const next = op ? applyMenuOp(items, op) : null
  return data<ActionData>({
    section: 'menu',
    menu: {
      items: next?.items ?? items,
      id: randomUUID(),
      base,
      focus: op && next?.focus ? { path: next.focus.join('.'), op: op.type } : null,
    },
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const node = await requireAdminNode(request)
  if (request.headers.get('content-type')?.startsWith('multipart/form-data')) return logoAction(request, node)

  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? '')
  if (intent.startsWith('menu:')) return menuAction(request, node, formData, intent)
  if (intent === 'general:save') {
    const submission = parseSection(formData, generalSchema)
    if (submission.status !== 'success') return answer('general', submission.reply(), 400)
    const value = submission.value
    return save(request, node, 'general', formData.get('base'), () => value, submission.reply)
  }
  if (intent === 'sign-in:save') {
    const submission = parseSection(formData, signInSchema)
    if (submission.status !== 'success') return answer('sign-in', submission.reply(), 400)
    const { service_center, sso } = submission.value
    return save(
      request,
      node,
      'sign-in',
      formData.get('base'),
      (s) => {
        // Other keys under `auth` (none today) are kept.
        const { service_center: _old, ...auth } = s.auth ?? {}
        return {
          auth: service_center ? { ...auth, service_center } : Object.keys(auth).length ? auth : null,
          sso: sso ?? null,
        }
      },
      submission.reply,
    )
  }
  throw new Response(JSON.stringify({ detail: [{ type: 'value_error', msg: 'Unknown intent' }] }), {
    status: 400,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  })
}
