import en from '../../../public/locales/en/admin-plugins.json'
import ru from '../../../public/locales/ru/admin-plugins.json'
import zh from '../../../public/locales/zh/admin-plugins.json'

/** The `admin-plugins` namespace in its three languages (registered in app/lib/i18n-resources.server.ts). */
export const adminPluginsLocales = { ru, en, zh }
