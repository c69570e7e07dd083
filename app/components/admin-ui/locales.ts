import en from '../../../public/locales/en/admin-ui.json'
import ru from '../../../public/locales/ru/admin-ui.json'
import zh from '../../../public/locales/zh/admin-ui.json'

/** The `admin-ui` namespace in its three languages, bundled like `common` (see app/i18n.ts). */
export const adminUiLocales = { ru, en, zh }
