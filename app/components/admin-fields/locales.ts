import en from '../../../public/locales/en/admin-fields.json'
import ru from '../../../public/locales/ru/admin-fields.json'
import zh from '../../../public/locales/zh/admin-fields.json'

/** The `admin-fields` namespace (/admin/fields and /admin/forms) in its three languages. */
export const adminFieldsLocales = { ru, en, zh }
