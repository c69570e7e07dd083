import en from '../../../public/locales/en/bulk.json'
import ru from '../../../public/locales/ru/bulk.json'
import zh from '../../../public/locales/zh/bulk.json'

/** The `bulk` namespace (bulk edit from the search results, its preview, the batches page) in its three languages. */
export const bulkLocales = { ru, en, zh }
