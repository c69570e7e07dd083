import en from '../../../public/locales/en/search.json'
import ru from '../../../public/locales/ru/search.json'
import zh from '../../../public/locales/zh/search.json'

/** The `search` namespace in its three languages (registered in app/lib/i18n-resources.server.ts). */
export const searchLocales = { ru, en, zh }
