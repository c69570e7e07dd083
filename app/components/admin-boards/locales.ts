import en from '../../../public/locales/en/admin-boards.json'
import ru from '../../../public/locales/ru/admin-boards.json'
import zh from '../../../public/locales/zh/admin-boards.json'

/** The `admin-boards` namespace in its three languages (registered in app/lib/i18n-resources.server.ts). */
export const adminBoardsLocales = { ru, en, zh }
