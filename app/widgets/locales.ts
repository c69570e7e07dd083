import en from '../../public/locales/en/boards.json'
import ru from '../../public/locales/ru/boards.json'
import zh from '../../public/locales/zh/boards.json'

/** The `boards` namespace (the board pages and their widgets) in its three languages. */
export const boardsLocales = { ru, en, zh }
