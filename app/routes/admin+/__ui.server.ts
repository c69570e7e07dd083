import { randomUUID } from 'node:crypto'
import type { SubmissionResult } from '@conform-to/react'
import { BODY_LIMIT } from '@domain/http-limits'
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  MaxPartSizeExceededError,
  type UploadHandler,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from '@remix-run/node'
import { z } from 'zod'
import type { ActionData } from '~/components/admin-ui/action-data'
import {
  applyMenuOp,
  menuDraftFromPayload,
  menuDraftFromSettings,
  parseMenuIntent,
} from '~/components/admin-ui/menu-tree'
import {
  FONTS_MAX,
  fontAddSchema,
  generalSchema,
  LOGO_SLOTS,
  type LogoSlot,
  logoSchema,
  mapSchema,
  menuSchema,
  parseSection,
  SECTIONS,
  type Section,
  themeSchema,
  UPLOAD_MAX_BYTES,
} from '~/components/admin-ui/schemas'
import { requireCsrf } from '~/lib/csrf.server'
import { readForm, unreadableForm } from '~/lib/form.server'
import { i18next } from '~/lib/i18next.server'
import { fontFamily, fontSrc } from '~/lib/node-theme'
import { fontFromBytes } from './__ui-font.server'
import { logoFromBytes } from './__ui-logo.server'
import {
  type AdminNode,
  answer,
  requireAdminNode,
  type Settings,
  save,
  sectionBase,
} from './__ui-save.server'
import { signInState } from './__ui-sign-in.server'

/*
 * /admin/ui: the node's interface settings. Three forms (logo, language and layout, menu), each
 * saved on its own (how, and how conflicts are caught: __ui-save.server.ts). The menu editor's
 * steps are answered with the new draft and store nothing.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const [node, t] = await Promise.all([requireAdminNode(request), i18next.getFixedT(request, 'admin-ui')])
  const s = node.settings
  return {
    title: t('ui.title'),
    domain: node.domain,
    logo: { main: s.logo?.main ?? '', small: s.logo?.small ?? '', favicon: s.logo?.favicon ?? '' },
    general: {
      locale: s.locale ?? 'ru',
      no_left_menu: s.no_left_menu ?? false,
      no_top_menu: s.no_top_menu ?? false,
    },
    menu: menuDraftFromSettings(s.menu),
    map: { style_url: s.map?.style_url ?? '', key: s.map?.key ?? '', language: s.map?.language ?? '' },
    theme: { css: s.theme?.css ?? '' },
    fonts: fontSummaries(s),
    signIn: await signInState(request, node.id),
    bases: Object.fromEntries(SECTIONS.map((section) => [section, sectionBase(section, s)])) as Record<
      Section,
      string
    >,
  }
}

/** The theme's fonts as the page lists them (not their files: the page's theme already loads them). */
function fontSummaries(s: Settings) {
  return (s.theme?.fonts ?? []).map((font, i) => {
    const src = fontSrc(font)
    const face = typeof font === 'string' ? null : font
    const format =
      /^data:font\/([a-z0-9]+)/i.exec(src)?.[1] ?? /\.([a-z0-9]+)(?:[?#]|$)/i.exec(src)?.[1] ?? ''
    return {
      family: face?.family ?? fontFamily(src, i),
      weight: face?.weight ?? '400',
      style: face?.style ?? 'normal',
      format: format.toLowerCase(),
      // A stored file's size (base64: 4 characters per 3 bytes); a URL's is unknown here.
      kb: src.startsWith('data:') ? Math.ceil(((src.length - src.indexOf(',') - 1) * 3) / 4 / 1024) : null,
    }
  })
}

/* ---------- the action ---------- */

const MAX_PARTS = 16

class TooManyParts extends Error {}

/** Multipart (the logo form): at most UPLOAD_MAX_BYTES per part, and only a few parts. */
async function readMultipart(request: Request): Promise<FormData> {
  const memory = unstable_createMemoryUploadHandler({ maxPartSize: UPLOAD_MAX_BYTES })
  let parts = 0
  const handler: UploadHandler = (part) => {
    if (++parts > MAX_PARTS) throw new TooManyParts()
    return memory(part)
  }
  return unstable_parseMultipartFormData(request, handler)
}

/** An upload form (the logo's or the fonts'): read within limits, then by its intent. */
async function multipartAction(request: Request, node: AdminNode) {
  let formData: FormData
  try {
    formData = await readMultipart(request)
  } catch (error) {
    if (!(error instanceof MaxPartSizeExceededError || error instanceof TooManyParts))
      unreadableForm(request, error)
    const field = error instanceof MaxPartSizeExceededError ? error.field : undefined
    if (field === 'file')
      return answer('fonts', { status: 'error', error: { file: ['ui.fonts.error.too_large'] } }, 413)
    const slot = LOGO_SLOTS.find((s) => s === field)
    const result: SubmissionResult<string[]> = {
      status: 'error',
      error: slot ? { [slot]: ['ui.logo.error.too_large'] } : { '': ['request.too_large'] },
    }
    return answer('logo', result, 413)
  }
  await requireCsrf(request, formData)
  if (String(formData.get('intent') ?? '').startsWith('fonts:')) return fontsAction(request, node, formData)
  return logoAction(request, node, formData)
}

async function logoAction(request: Request, node: AdminNode, formData: FormData) {
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
    return answer('logo', submission.reply({ formErrors: ['ui.logo.error.nothing'] }), 400)
  return save(
    request,
    node,
    'logo',
    formData.get('base'),
    (s) => ({ logo: { ...s.logo, ...images } }),
    submission.reply,
  )
}

/** The theme with `changes` applied; empty parts dropped, and null (no theme) when nothing is left. */
function nextTheme(current: Settings['theme'], changes: NonNullable<Settings['theme']>) {
  const next = { ...current, ...changes }
  if (!next.css) delete next.css
  if (!next.fonts?.length) delete next.fonts
  return Object.keys(next).length ? next : null
}

/** Adding a font face (multipart: its file) or removing one (`fonts:remove:{index}`). */
async function fontsAction(request: Request, node: AdminNode, formData: FormData) {
  const intent = String(formData.get('intent') ?? '')
  const base = formData.get('base')
  const removing = /^fonts:remove:(\d+)$/.exec(intent)?.[1]
  if (removing !== undefined) {
    const index = Number(removing)
    const reply = parseSection(formData, z.object({})).reply
    return save(
      request,
      node,
      'fonts',
      base,
      (s) => ({ theme: nextTheme(s.theme, { fonts: (s.theme?.fonts ?? []).filter((_, i) => i !== index) }) }),
      reply,
    )
  }
  const submission = parseSection(formData, fontAddSchema)
  if (submission.status !== 'success') return answer('fonts', submission.reply(), 400)
  const { family, weight, style, file } = submission.value
  // The browser's checks were on the name and the declared type; this one is on the bytes.
  const checked = fontFromBytes(new Uint8Array(await file.arrayBuffer()))
  if (!checked.ok) return answer('fonts', submission.reply({ fieldErrors: { file: [checked.code] } }), 400)
  const fonts = [...(node.settings.theme?.fonts ?? []), { src: checked.dataUrl, family, weight, style }]
  if (fonts.length > FONTS_MAX)
    return answer('fonts', submission.reply({ formErrors: ['ui.fonts.error.count'] }), 400)
  // The whole theme goes to the upstream in one JSON body: refuse here what it could not read.
  const theme = nextTheme(node.settings.theme, { fonts })
  if (JSON.stringify({ settings: { theme } }).length > BODY_LIMIT - 4096)
    return answer('fonts', submission.reply({ formErrors: ['ui.fonts.error.total'] }), 400)
  return save(
    request,
    node,
    'fonts',
    base,
    (s) => ({ theme: nextTheme(s.theme, { fonts: [...(s.theme?.fonts ?? []), fonts.at(-1)!] }) }),
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
  if (request.headers.get('content-type')?.startsWith('multipart/form-data'))
    return multipartAction(request, node)

  const formData = await readForm(request)
  await requireCsrf(request, formData)
  const intent = String(formData.get('intent') ?? '')
  if (intent.startsWith('menu:')) return menuAction(request, node, formData, intent)
  if (intent === 'general:save') {
    const submission = parseSection(formData, generalSchema)
    if (submission.status !== 'success') return answer('general', submission.reply(), 400)
    const value = submission.value
    return save(request, node, 'general', formData.get('base'), () => value, submission.reply)
  }
  if (intent === 'map:save') {
    const submission = parseSection(formData, mapSchema)
    if (submission.status !== 'success') return answer('map', submission.reply(), 400)
    // Empty fields are left out; all empty removes the setting (back to the default style).
    const value = Object.fromEntries(Object.entries(submission.value).filter(([, v]) => v))
    const map = Object.keys(value).length ? value : null
    return save(request, node, 'map', formData.get('base'), () => ({ map }), submission.reply)
  }
  if (intent === 'theme:save') {
    const submission = parseSection(formData, themeSchema)
    if (submission.status !== 'success') return answer('theme', submission.reply(), 400)
    const css = submission.value.css ?? ''
    return save(
      request,
      node,
      'theme',
      formData.get('base'),
      (s) => ({ theme: nextTheme(s.theme, { css }) }),
      submission.reply,
    )
  }
  throw new Response(JSON.stringify({ detail: [{ type: 'value_error', msg: 'Unknown intent' }] }), {
    status: 400,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  })
}
