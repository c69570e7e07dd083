import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { catalogue } from '@domain/errors/catalogue'
import { createInstance } from 'i18next'
import { describe, expect, it } from 'vitest'
import { LOGO_SLOTS } from './components/admin-ui/schemas'
import { i18nConfig, type Language, NAMESPACES, type Namespace, resources, SUPPORTED_LANGUAGES } from './i18n'
import { TOAST_TYPES } from './lib/toast'

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('locales', () => {
  const en = resources.en.common as Record<string, string>
  const namespaces = Object.keys(NAMESPACES) as Namespace[]
  const texts = (lng: Language, ns: Namespace) => resources[lng][ns] as Record<string, string>
  const each = SUPPORTED_LANGUAGES.flatMap((lng) => namespaces.map((ns) => [lng, ns] as const))

  it.each(each)('%s/%s has every key the other languages have, none empty', (lng, ns) => {
    const mine = texts(lng, ns)
    const all = new Set(SUPPORTED_LANGUAGES.flatMap((l) => Object.keys(texts(l, ns))))
    const missing = [...all].filter((k) => !(k in mine))
    expect(missing, `keys missing in ${lng}/${ns}`).toEqual([])
    const empty = Object.entries(mine).filter(([, v]) => typeof v !== 'string' || v.trim() === '')
    expect(empty, `empty texts in ${lng}/${ns}`).toEqual([])
  })

  it('has a file in public/locales for every language of every namespace, and no other', () => {
    const root = fileURLToPath(new URL('../public/locales', import.meta.url))
    for (const lng of SUPPORTED_LANGUAGES)
      expect(readdirSync(join(root, lng)).sort(), lng).toEqual(namespaces.map((ns) => `${ns}.json`).sort())
  })

  it('never defines one key in two namespaces (a lookup across them would be ambiguous)', () => {
    const seen = new Map<string, string>()
    const twice: string[] = []
    for (const ns of namespaces)
      for (const key of Object.keys(texts('en', ns))) {
        if (seen.has(key)) twice.push(`${key} (${seen.get(key)}, ${ns})`)
        seen.set(key, ns)
      }
    expect(twice).toEqual([])
  })

  it.each(SUPPORTED_LANGUAGES)('%s translates every catalogue code', (lng) => {
    const mine = resources[lng].common as Record<string, string>
    const missing = Object.keys(catalogue).filter((code) => !(code in mine))
    expect(missing, `catalogue codes missing in ${lng}`).toEqual([])
  })

  it('keeps the English catalogue texts exactly as the catalogue', () => {
    for (const [code, text] of Object.entries(catalogue)) expect(en[code], code).toBe(text)
  })

  it.each(each)('%s/%s keeps the same placeholders as English', (lng, ns) => {
    const mine = texts(lng, ns)
    for (const [key, text] of Object.entries(texts('en', ns)))
      expect(placeholders(mine[key] ?? ''), `${lng}/${ns}:${key}`).toEqual(placeholders(text))
  })

  it.each(namespaces)(
    'translates Russian and Chinese for real (not the English text) where the text is not a name, in %s',
    (ns) => {
      const same = (lng: 'ru' | 'zh') =>
        Object.entries(texts('en', ns)).filter(
          ([k, v]) =>
            texts(lng, ns)[k] === v && !/^(app\.name|language\.|auth\.login\.email_placeholder)/.test(k),
        )
      expect(same('ru')).toEqual([])
      expect(same('zh')).toEqual([])
    },
  )

  it('interpolates single-brace placeholders and keeps dotted codes flat', async () => {
    const i18n = createInstance()
    await i18n.init({ ...i18nConfig, resources, lng: 'en' })
    expect(i18n.t('value_error.any_str.max_length', { max: 254 })).toBe('Maximum number of characters: 254')
    expect(i18n.t('value_error')).toBe('Check the correctness of the entered data')
    expect(i18n.t('value_error.email')).toBe('Enter a valid email address')
    await i18n.changeLanguage('ru')
    expect(i18n.t('auth.login.title')).toBe('Авторизация')
  })
})

describe('keys used by the code', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? files(join(dir, e.name))
        : /\.(ts|tsx)$/.test(e.name) && !e.name.includes('.test.')
          ? [join(dir, e.name)]
          : [],
    )

  it('every literal t("…") and i18nKey="…" in app/ exists in the locales (in one of the namespaces)', () => {
    const root = fileURLToPath(new URL('.', import.meta.url))
    const used = new Set<string>()
    for (const file of files(root)) {
      const text = readFileSync(file, 'utf8')
      for (const m of text.matchAll(/\bt\(\s*'([^']+)'/g)) used.add(m[1]!)
      for (const m of text.matchAll(/i18nKey="([^"]+)"/g)) used.add(m[1]!)
    }
    expect(used.size).toBeGreaterThan(20)
    const known = new Set(Object.values(resources.en).flatMap((texts) => Object.keys(texts)))
    expect([...used].filter((k) => !known.has(k))).toEqual([])
  })

  it('the keys built at run time exist too', () => {
    const en = resources.en.common as Record<string, string>
    const built = [
      ...TOAST_TYPES.map((type) => `alerts.type.${type}`),
      ...SUPPORTED_LANGUAGES.map((lng) => `language.${lng}`),
    ]
    expect(built.filter((k) => !(k in en))).toEqual([])
  })

  it('so do the admin-ui keys built at run time, and the codes its action answers with', () => {
    const adminUi = resources.en['admin-ui'] as Record<string, string>
    const built = [
      ...LOGO_SLOTS.flatMap((slot) => [`ui.logo.${slot}`, `ui.logo.${slot}.hint`]),
      'ui.logo.error.empty',
      'ui.logo.error.too_large',
      'ui.logo.error.type',
      'ui.logo.error.unsafe_svg',
      'ui.logo.error.nothing',
    ]
    expect(built.filter((k) => !(k in adminUi))).toEqual([])
  })
})
