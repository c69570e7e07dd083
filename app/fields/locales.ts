import en from '../../public/locales/en/fields.json'
import ru from '../../public/locales/ru/fields.json'
import zh from '../../public/locales/zh/fields.json'

/** The `fields` namespace in its three languages, bundled like `common` (see app/i18n.ts). */
export const fieldsLocales = { ru, en, zh }
