import en from '../../../public/locales/en/admin-users.json'
import ru from '../../../public/locales/ru/admin-users.json'
import zh from '../../../public/locales/zh/admin-users.json'

/** The `admin-users` namespace in its three languages, bundled like `common` (see app/i18n.ts). */
export const adminUsersLocales = { ru, en, zh }
