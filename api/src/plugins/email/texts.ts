import type { NotificationKind } from '@domain/notifications'
import type { EmailLanguage } from '@domain/notifications/email'

/*
 * The e-mails' words in each language (PRODUCT.md §8: ru, en, zh). Typed per language, so a
 * missing text fails the type check rather than a reader's inbox. `{name}` marks a value.
 */

export interface EmailTexts {
  /** The subject of one notification's mail, by kind: `{key}`, `{title}`. */
  subject: Record<NotificationKind, string>
  /** What happened, after the actor's name (the inbox's wording). */
  did: Record<NotificationKind, string>
  someone: string
  open: string
  digestSubject: string
  digestIntro: string
  /** When more were unread than the digest lists: `{count}`. */
  digestMore: string
  openInbox: string
  footer: string
  settings: string
  testSubject: string
  testText: string
}

export const EMAIL_TEXTS: Record<EmailLanguage, EmailTexts> = {
  ru: {
    subject: {
      assigned: 'Вам назначена задача {key}: {title}',
      status: 'Изменён статус задачи {key}: {title}',
      mention: 'Вас упомянули в задаче {key}: {title}',
      comment: 'Новый комментарий к задаче {key}: {title}',
    },
    did: {
      assigned: 'назначил(а) вам задачу',
      status: 'изменил(а) статус задачи',
      mention: 'упомянул(а) вас в комментарии',
      comment: 'прокомментировал(а) задачу',
    },
    someone: 'Кто-то',
    open: 'Открыть задачу',
    digestSubject: 'Непрочитанные уведомления: {count}',
    digestIntro: 'Что вы ещё не прочитали в {node}:',
    digestMore: 'И ещё {count} — во входящих.',
    openInbox: 'Открыть уведомления',
    footer: 'Это письмо отправил Nodus ({node}).',
    settings: 'Настроить письма',
    testSubject: 'Nodus: тестовое письмо',
    testText: 'Почта узла {node} настроена: это письмо дошло до вас.',
  },
  en: {
    subject: {
      assigned: 'Assigned to you: {key} {title}',
      status: 'Status changed: {key} {title}',
      mention: 'You were mentioned: {key} {title}',
      comment: 'New comment: {key} {title}',
    },
    did: {
      assigned: 'assigned a task to you',
      status: 'changed the status of a task',
      mention: 'mentioned you in a comment',
      comment: 'commented on a task',
    },
    someone: 'Someone',
    open: 'Open the task',
    digestSubject: 'Unread notifications: {count}',
    digestIntro: 'What you have not read yet in {node}:',
    digestMore: 'And {count} more in your inbox.',
    openInbox: 'Open notifications',
    footer: 'This e-mail was sent by Nodus ({node}).',
    settings: 'E-mail settings',
    testSubject: 'Nodus: a test e-mail',
    testText: 'E-mail for {node} is set up: this message reached you.',
  },
  zh: {
    subject: {
      assigned: '分配给您的任务 {key}：{title}',
      status: '任务状态已更改 {key}：{title}',
      mention: '有人在任务中提到了您 {key}：{title}',
      comment: '任务有新评论 {key}：{title}',
    },
    did: {
      assigned: '将任务分配给您',
      status: '更改了任务状态',
      mention: '在评论中提到了您',
      comment: '评论了任务',
    },
    someone: '有人',
    open: '打开任务',
    digestSubject: '未读通知：{count}',
    digestIntro: '您在 {node} 中尚未阅读的内容：',
    digestMore: '还有 {count} 条在收件箱中。',
    openInbox: '打开通知',
    footer: '此邮件由 Nodus（{node}）发送。',
    settings: '邮件设置',
    testSubject: 'Nodus：测试邮件',
    testText: '{node} 的邮件已配置：您已收到此消息。',
  },
}

/** A text with its `{name}` values put in. */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m))
