import { parseWithZod } from '@conform-to/zod'
import {
  CSS_MAX,
  DATA_URL_MAX,
  FONT_STYLES,
  FONT_WEIGHTS,
  FONTS_MAX,
  fontFamilySchema,
  nodeSettingsSchema,
} from '@domain/nodes/settings-schema'
import { themeCssProblem } from '@domain/nodes/theme-css'
import { z } from 'zod'

/*
 * The /admin/ui forms: one schema per form, shared by the browser (conform's onValidate) and the
 * action. Every field schema is taken from domain/nodes/settings-schema.ts, so the form accepts
 * exactly what the upstream's PATCH /nodes/{nodeId} accepts, with the same message codes.
 */

const shape = nodeSettingsSchema.shape

/**
 * Each form edits one part of the settings, saved and checked for conflicts on its own. (Sign-in is
 * the Single sign-on plugin's configuration since migration 0018; the page only points there.)
 */
export const SECTIONS = ['logo', 'general', 'menu', 'map', 'theme', 'fonts'] as const
export type Section = (typeof SECTIONS)[number]

/* ---------- logo ---------- */

export const LOGO_SLOTS = ['main', 'small', 'favicon'] as const
export type LogoSlot = (typeof LOGO_SLOTS)[number]

/** The image kinds a logo may be (sniffed from the bytes, not trusted from the file name). */
export const LOGO_TYPES = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  ico: 'image/x-icon',
} as const
export type LogoType = keyof typeof LOGO_TYPES

export const LOGO_ACCEPT =
  '.png,.jpg,.jpeg,.svg,.webp,.ico,image/png,image/jpeg,image/svg+xml,image/webp,image/x-icon'

/** What the upload handler reads at most per file before giving up (the brief's cap). */
export const UPLOAD_MAX_BYTES = 256 * 1024

/**
 * The largest file whose data: URL still fits the setting's limit (DATA_URL_MAX characters):
 * base64 turns 3 bytes into 4 characters, after a prefix such as `data:image/svg+xml;base64,`.
 */
export const LOGO_MAX_BYTES = Math.floor((DATA_URL_MAX - 32) / 4) * 3
export const LOGO_MAX_KB = Math.floor(LOGO_MAX_BYTES / 1024)

const DECLARED = new Set<string>([...Object.values(LOGO_TYPES), 'image/vnd.microsoft.icon', 'image/ico'])
const EXTENSION = /\.(png|jpe?g|svg|webp|ico)$/i

/**
 * A chosen file, as far as the browser can tell (size, declared type or name). The action then
 * reads the bytes (`__ui-logo.server.ts`): that is what decides. No file chosen: nothing to do.
 */
const logoFile = z
  .instanceof(File, { message: 'value_error' })
  .refine((f) => f.size <= LOGO_MAX_BYTES, 'ui.logo.error.too_large')
  .refine((f) => DECLARED.has(f.type) || EXTENSION.test(f.name), 'ui.logo.error.type')
  .optional()

export const logoSchema = z.object({ main: logoFile, small: logoFile, favicon: logoFile })

/* ---------- language and layout ---------- */

export const generalSchema = z.object({
  locale: shape.locale.unwrap(),
  // An unchecked box posts nothing: that means "off", not "leave as it was".
  no_left_menu: shape.no_left_menu.unwrap().default(false),
  no_top_menu: shape.no_top_menu.unwrap().default(false),
})

/* ---------- menu ---------- */

/** The items list of the stored menu (3 levels, strict items, URL rules) as the form posts it. */
export const menuSchema = z.object({ items: shape.menu.unwrap().shape.items })

/* ---------- map tiles ---------- */

const mapShape = shape.map.unwrap().shape

/** The map widgets' tile service (PRODUCT.md §10): all optional, empty = the default style. */
export const mapSchema = z.object({
  style_url: mapShape.style_url,
  key: mapShape.key,
  language: mapShape.language,
})

/* ---------- theme: CSS and fonts ---------- */

/**
 * A field error that names a line of the style sheet: `code@line` (conform keeps only strings);
 * the page reads it back with `splitLineCode`.
 */
export const withLine = (code: string, line: number) => `${code}@${line}`
export function splitLineCode(message: string): { code: string; line?: number } {
  const m = /^(.+)@(\d+)$/.exec(message)
  return m ? { code: m[1]!, line: Number(m[2]) } : { code: message }
}

/** The theme's CSS: the upstream's one rule (domain/nodes/theme-css.ts), its line in the message. */
export const themeSchema = z.object({
  css: z
    .string()
    .max(CSS_MAX, 'value_error.any_str.max_length')
    .superRefine((css, ctx) => {
      const problem = themeCssProblem(css)
      if (problem) ctx.addIssue({ code: 'custom', message: withLine(problem.code, problem.line) })
    })
    .optional(),
})

/** The font files a face may be (sniffed from the bytes by the action). */
export const FONT_TYPES = { woff2: 'font/woff2', woff: 'font/woff', ttf: 'font/ttf' } as const
export type FontType = keyof typeof FONT_TYPES
export const FONT_ACCEPT = '.woff2,.woff,.ttf,font/woff2,font/woff,font/ttf'
/** The same bound as a logo: the file's data: URL must fit DATA_URL_MAX. */
export const FONT_MAX_BYTES = LOGO_MAX_BYTES
export { FONT_STYLES, FONT_WEIGHTS, FONTS_MAX }

const FONT_MIME: Record<string, true> = { 'font/woff2': true, 'font/woff': true, 'font/ttf': true }
const fontFile = z
  .instanceof(File, { message: 'ui.fonts.error.file' })
  .refine((f) => f.size > 0, 'ui.fonts.error.file')
  .refine((f) => f.size <= FONT_MAX_BYTES, 'ui.fonts.error.too_large')
  .refine((f) => /\.(woff2?|ttf)$/i.test(f.name) || f.type in FONT_MIME, 'ui.fonts.error.type')

/** Adding a font face: its family, weight, style and file. */
export const fontAddSchema = z.object({
  family: fontFamilySchema,
  weight: z.enum(FONT_WEIGHTS, { message: 'value_error.enum' }).default('400'),
  style: z.enum(FONT_STYLES, { message: 'value_error.enum' }).default('normal'),
  file: fontFile,
})

/* ---------- parsing, the same in the browser and the action ---------- */

const CODE = /^[a-z_]+(\.[a-z_]+)*$/

/**
 * Messages are catalogue codes (translated by the page). The domain schemas set their own; what
 * they leave to zod becomes `value_error.missing` for an empty required field and `value_error`
 * for anything else, never zod's English.
 */
export const formErrorMap: z.ZodErrorMap = (issue, ctx) => {
  if (issue.code === 'invalid_type' && issue.received === 'undefined')
    return { message: 'value_error.missing' }
  return { message: CODE.test(ctx.defaultError) ? ctx.defaultError : 'value_error' }
}

export function parseSection<S extends z.ZodTypeAny>(formData: FormData, schema: S) {
  return parseWithZod(formData, { schema, errorMap: formErrorMap })
}

export type GeneralValue = z.infer<typeof generalSchema>
export type MenuValue = z.infer<typeof menuSchema>
export type MapValue = z.infer<typeof mapSchema>
export type FontAddValue = z.infer<typeof fontAddSchema>
