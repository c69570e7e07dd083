import en from '../../../public/locales/en/header.json'
import ru from '../../../public/locales/ru/header.json'
import zh from '../../../public/locales/zh/header.json'

/** The `header` namespace (the quick find, the personal menu's nodes) in its three languages. */
export const headerLocales = { ru, en, zh }
