import en from '../../../public/locales/en/kanban.json'
import ru from '../../../public/locales/ru/kanban.json'
import zh from '../../../public/locales/zh/kanban.json'

/** The `kanban` namespace (the kanban widget and its settings) in its three languages. */
export const kanbanLocales = { ru, en, zh }
