import en from '../../../public/locales/en/admin-workflow.json'
import ru from '../../../public/locales/ru/admin-workflow.json'
import zh from '../../../public/locales/zh/admin-workflow.json'

/** The `admin-workflow` namespace in its three languages (registered in app/lib/i18n-resources.server.ts). */
export const adminWorkflowLocales = { ru, en, zh }
