import en from '../../../public/locales/en/notifications.json'
import ru from '../../../public/locales/ru/notifications.json'
import zh from '../../../public/locales/zh/notifications.json'

/** The `notifications` namespace (the inbox, its preferences, the live alert, watching) in its three languages. */
export const notificationsLocales = { ru, en, zh }
