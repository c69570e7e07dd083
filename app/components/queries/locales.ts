import en from '../../../public/locales/en/queries.json'
import ru from '../../../public/locales/ru/queries.json'
import zh from '../../../public/locales/zh/queries.json'

/** The `queries` namespace (saved task queries: their menu, their page, their forms) in its three languages. */
export const queriesLocales = { ru, en, zh }
