import { z } from 'zod'
import { themeCssProblem } from './theme-css'

/*
 * A node's settings (spec §1, §3 Node; PRODUCT.md §3, §8). One schema for the upstream's
 * PATCH /nodes/{nodeId} and for the admin UI form; messages are catalogue codes.
 */

export const LOCALES = ['ru', 'en', 'zh'] as const
export const DEFAULT_LOCALE = 'ru'
/** A plain URL; a data: URL may be longer (an inline logo or font), still bounded by the body limit. */
export const URL_MAX = 2048
export const DATA_URL_MAX = 256 * 1024
export const CSS_MAX = 100_000
export const MENU_ITEMS_MAX = 50
export const FONTS_MAX = 10
export const FONT_WEIGHTS = ['100', '200', '300', '400', '500', '600', '700', '800', '900'] as const
export const FONT_STYLES = ['normal', 'italic'] as const

/** A font family name as CSS may quote it: letters, digits, spaces, hyphens and underscores. */
export const fontFamilySchema = z
  .string()
  .trim()
  .min(1, 'value_error.missing')
  .max(64, 'value_error.any_str.max_length')
  .regex(/^[\p{L}\p{N} _-]+$/u, 'value_error.font_family')

/**
 * The node's theme CSS (the one rule: domain/nodes/theme-css.ts); the refusal names the line, in
 * the issue's params (the upstream's `ctx.line`).
 */
export const themeCssSchema = z
  .string()
  .max(CSS_MAX, 'value_error.any_str.max_length')
  .superRefine((css, ctx) => {
    const problem = themeCssProblem(css)
    if (problem) ctx.addIssue({ code: 'custom', message: problem.code, params: { line: problem.line } })
  })

// Browsers drop tabs and newlines inside URLs ("java\tscript:"), so any whitespace or control
// character is refused rather than trusted to be harmless.
function hasUnsafeChar(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c <= 0x20 || c === 0x7f) return true
  }
  return /\s/.test(s)
}
const SCHEME = /^([a-z][a-z0-9+.-]*):/i
const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+)(?:;[a-z0-9-]+=[a-z0-9.+-]+)*;base64,[a-z0-9+/]+={0,2}$/i

export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s)
    return (u.protocol === 'http:' || u.protocol === 'https:') && !hasUnsafeChar(s)
  } catch {
    return false
  }
}

const tooLong = (ctx: z.RefinementCtx, max: number) =>
  ctx.addIssue({
    code: 'too_big',
    type: 'string',
    maximum: max,
    inclusive: true,
    message: 'value_error.any_str.max_length',
  })

/**
 * An image or font the page loads: http(s), a path on the same host, or a base64 data: URL of
 * that kind. Only these, so a node administrator cannot plant a script URL for other users.
 */
const assetUrlSchema = (kind: 'image' | 'font') =>
  z
    .string()
    .max(DATA_URL_MAX, 'value_error.any_str.max_length')
    .superRefine((s, ctx) => {
      if (s.startsWith('data:')) {
        const type = DATA_URL.exec(s)?.[1]?.toLowerCase()
        const fits =
          kind === 'image' ? type?.startsWith('image/') : /^(font\/|application\/(x-)?font)/.test(type ?? '')
        if (!fits) ctx.addIssue({ code: 'custom', message: 'value_error.url' })
        return
      }
      if (s.length > URL_MAX) return tooLong(ctx, URL_MAX)
      const path = s.startsWith('/') && !s.startsWith('//') && !hasUnsafeChar(s)
      if (!path && !isHttpUrl(s)) ctx.addIssue({ code: 'custom', message: 'value_error.url' })
    })

/** A menu link: relative, a named target (`home`), or http(s)/mailto/tel — never `javascript:`. */
export const menuUrlSchema = z
  .string()
  .max(URL_MAX, 'value_error.any_str.max_length')
  .refine((s) => {
    if (hasUnsafeChar(s)) return false
    const scheme = SCHEME.exec(s)?.[1]?.toLowerCase()
    return scheme === undefined || ['http', 'https', 'mailto', 'tel'].includes(scheme)
  }, 'value_error.url')

const title = z.string().trim().min(1, 'value_error.missing').max(100, 'value_error.any_str.max_length')
const icon = z
  .string()
  .max(100, 'value_error.any_str.max_length')
  .regex(/^[a-z0-9_.:-]*$/i, 'value_error')

/**
 * Builds the settings schema. `strict`: refuse unknown keys (input, so a typo is an error and not
 * silently dropped); not strict for responses, so an old stored key never turns a read into a 500.
 */
function build(strict: boolean) {
  const obj = <S extends z.ZodRawShape>(shape: S) =>
    strict ? z.object(shape).strict('value_error.extra') : z.object(shape)
  const list = <T extends z.ZodTypeAny>(item: T, max: number) =>
    z.array(item).max(max, 'value_error.list.max_items')

  // Three levels at most (spec §2 "side menu has up to 3 levels"), spelled out rather than
  // recursive so the OpenAPI document stays plain JSON Schema.
  const itemFields = {
    title,
    url: menuUrlSchema.optional(),
    icon: icon.optional(),
    heading: z.boolean().optional(),
  }
  const level3 = obj({
    ...itemFields,
    items: z.array(z.unknown()).max(0, 'value_error.menu_depth').optional(),
  })
  const level2 = obj({ ...itemFields, items: list(level3, MENU_ITEMS_MAX).optional() })
  const level1 = obj({ ...itemFields, items: list(level2, MENU_ITEMS_MAX).optional() })

  return obj({
    logo: obj({
      main: assetUrlSchema('image').optional(),
      small: assetUrlSchema('image').optional(),
      favicon: assetUrlSchema('image').optional(),
    }).optional(),
    locale: z.enum(LOCALES, { message: 'value_error.enum' }).optional(),
    no_left_menu: z.boolean().optional(),
    no_top_menu: z.boolean().optional(),
    menu: obj({ items: list(level1, MENU_ITEMS_MAX) }).optional(),
    // The map widgets' tile service (PRODUCT.md §10): a widget's own view.style_url overrides it;
    // unset, a public keyless style (domain/widgets/map-style.ts). `language`: the labels' language
    // (else the interface's).
    map: obj({
      style_url: z
        .string()
        .max(URL_MAX, 'value_error.any_str.max_length')
        .refine(isHttpUrl, 'value_error.url')
        .optional(),
      key: z.string().max(200, 'value_error.any_str.max_length').optional(),
      language: z.enum(LOCALES, { message: 'value_error.enum' }).optional(),
    }).optional(),
    theme: obj({
      // Rendered by the web app inside <style>: a '<' could close it and open a script.
      css: themeCssSchema.optional(),
      // A font file (its family is then its file name, app/lib/node-theme.ts), or a font face
      // with its family, weight and style (what /admin/ui's Theme section stores).
      fonts: list(
        z.union([
          assetUrlSchema('font'),
          obj({
            src: assetUrlSchema('font'),
            family: fontFamilySchema,
            weight: z.enum(FONT_WEIGHTS, { message: 'value_error.enum' }).optional(),
            style: z.enum(FONT_STYLES, { message: 'value_error.enum' }).optional(),
          }),
        ]),
        FONTS_MAX,
      ).optional(),
    }).optional(),
  })
}

/** A font face of the theme: a file URL, or the file with its family, weight and style. */
export type ThemeFont = NonNullable<NonNullable<NodeSettingsInput['theme']>['fonts']>[number]

/** The stored settings, as the admin form edits them. */
export const nodeSettingsSchema = build(true)
export type NodeSettingsInput = z.infer<typeof nodeSettingsSchema>

/** PATCH: top-level keys are merged into the stored settings; `null` removes a key (back to its default). */
const nullable = <S extends z.ZodRawShape>(shape: S) =>
  Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, s.nullable()])) as {
    [K in keyof S]: z.ZodNullable<S[K]>
  }
export const nodeSettingsPatchSchema = z
  .object(nullable(nodeSettingsSchema.shape))
  .strict('value_error.extra')
export type NodeSettingsPatch = z.infer<typeof nodeSettingsPatchSchema>

/** Responses: every key, for administrators. */
export const nodeSettingsOutputSchema = build(false)

/**
 * The service-centre login the login page offers (public). Not a node setting since migration 0018:
 * answers derive it from the node's enabled SSO plugin configuration (domain/plugins/sso.ts).
 */
export const serviceCenterSchema = z
  .object({ url: z.string(), project_id: z.string().optional(), account_id: z.string().optional() })
  .nullable()
/** Responses to anyone (public look-ups, a user's nodes): the settings and `auth.service_center`. */
export const publicNodeSettingsSchema = nodeSettingsOutputSchema.extend({
  auth: z.object({ service_center: serviceCenterSchema.optional() }).optional(),
})
/** What the login page and the theme loader need (GET /nodes/assets/{domain}). */
export const assetSettingsSchema = publicNodeSettingsSchema.pick({ auth: true, logo: true, locale: true })
