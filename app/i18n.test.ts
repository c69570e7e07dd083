import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { catalogue } from '@domain/errors/catalogue'
import { createInstance } from 'i18next'
import { describe, expect, it } from 'vitest'
import { LOGO_SLOTS } from './components/admin-ui/schemas'
import { i18nConfig, type Language, NAMESPACES, type Namespace, SUPPORTED_LANGUAGES } from './i18n'
import { resources } from './lib/i18n-resources.server'
import { TOAST_TYPES } from './lib/toast'

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

type Texts = Record<string, string>
const ns = (lng: Language, name: Namespace) => resources[lng][name] as Texts
/** Every key of every namespace in one language. */
const allKeys = (lng: Language): Texts => Object.assign({}, ...NAMESPACES.map((n) => ns(lng, n)))

describe('locales', () => {
  const en = allKeys('en')

  it('registers every namespace file of public/locales, in every language', () => {
    const root = fileURLToPath(new URL('../public/locales', import.meta.url))
    for (const lng of SUPPORTED_LANGUAGES) {
      const files = readdirSync(join(root, lng)).filter((f) => f.endsWith('.json'))
      expect(files.map((f) => f.replace(/\.json$/, '')).sort(), lng).toEqual([...NAMESPACES].sort())
      expect(Object.keys(resources[lng]).sort(), `${lng} in i18n-resources.server.ts`).toEqual(
        [...NAMESPACES].sort(),
      )
    }
  })

  describe.each(NAMESPACES)('namespace %s', (name) => {
    it.each(SUPPORTED_LANGUAGES)('%s has every key the others have, none empty', (lng) => {
      const mine = ns(lng, name)
      const all = new Set(SUPPORTED_LANGUAGES.flatMap((l) => Object.keys(ns(l, name))))
      const missing = [...all].filter((k) => !(k in mine))
      expect(missing, `keys missing in ${lng}/${name}`).toEqual([])
      const empty = Object.entries(mine).filter(([, v]) => typeof v !== 'string' || v.trim() === '')
      expect(empty, `empty texts in ${lng}/${name}`).toEqual([])
    })

    it.each(SUPPORTED_LANGUAGES)('%s keeps the same placeholders as English', (lng) => {
      const mine = ns(lng, name)
      for (const [key, text] of Object.entries(ns('en', name)))
        expect(placeholders(mine[key] ?? ''), `${lng}/${name}:${key}`).toEqual(placeholders(text))
    })

    it('translates Russian and Chinese for real (not the English text) where the text is not a name', () => {
      const same = (lng: 'ru' | 'zh') =>
        Object.entries(ns('en', name)).filter(
          ([k, v]) =>
            ns(lng, name)[k] === v && !/^(app\.name|language\.|auth\.login\.email_placeholder)/.test(k),
        )
      expect(same('ru')).toEqual([])
      expect(same('zh')).toEqual([])
    })
  })

  it('keeps each key in one namespace only (every namespace is searched for every key)', () => {
    const seen = new Map<string, string>()
    const twice: string[] = []
    for (const name of NAMESPACES)
      for (const key of Object.keys(ns('en', name))) {
        if (seen.has(key)) twice.push(`${key} in ${seen.get(key)} and ${name}`)
        seen.set(key, name)
      }
    expect(twice).toEqual([])
  })

  it.each(SUPPORTED_LANGUAGES)('%s translates every catalogue code (in common)', (lng) => {
    const mine = ns(lng, 'common')
    const missing = Object.keys(catalogue).filter((code) => !(code in mine))
    expect(missing, `catalogue codes missing in ${lng}`).toEqual([])
  })

  it('keeps the English catalogue texts exactly as the catalogue', () => {
    for (const [code, text] of Object.entries(catalogue)) expect(en[code], code).toBe(text)
  })

  it('swaps the English labels of middle name and last name, as spec §3 says (en only)', () => {
    const i18n = (lng: Language) => allKeys(lng)
    expect(i18n('en')['lk.profile.middlename']).toBe('Last name')
    expect(i18n('en')['lk.profile.surname']).toBe('Middle name')
    expect(i18n('ru')['lk.profile.surname']).toBe('Фамилия')
    expect(i18n('ru')['lk.profile.middlename']).toBe('Отчество')
  })

  it('interpolates single-brace placeholders and keeps dotted codes flat', async () => {
    const i18n = createInstance()
    await i18n.init({ ...i18nConfig, resources, lng: 'en' })
    expect(i18n.t('value_error.any_str.max_length', { max: 254 })).toBe('Maximum number of characters: 254')
    expect(i18n.t('value_error')).toBe('Check the correctness of the entered data')
    expect(i18n.t('value_error.email')).toBe('Enter a valid email address')
    await i18n.changeLanguage('ru')
    expect(i18n.t('auth.login.title')).toBe('Авторизация')
    // A key of another namespace, through the default namespace's t.
    expect(i18n.t('lk.boards.title')).toBe('Дашборды')
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
      for (const m of text.matchAll(/\b(?:pageTitle|titledPage)\(\s*request,\s*'([^']+)'/g)) used.add(m[1]!)
    }
    expect(used.size).toBeGreaterThan(20)
    const en = allKeys('en')
    expect([...used].filter((k) => !(k in en))).toEqual([])
  })

  it('the keys built at run time exist too', () => {
    const en = allKeys('en')
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
