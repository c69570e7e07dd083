import en from '../../../public/locales/en/tasks.json'
import ru from '../../../public/locales/ru/tasks.json'
import zh from '../../../public/locales/zh/tasks.json'

/** The `tasks` namespace (the create page and the task card) in its three languages. */
export const tasksLocales = { ru, en, zh }
