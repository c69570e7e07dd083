import type { NotificationKind } from '@domain/notifications'
import type { EmailLanguage } from '@domain/notifications/email'
import { EMAIL_TEXTS, fill } from './texts'

/*
 * The e-mails (issue 14 item 4): a subject, plain text and simple HTML in the recipient's language,
 * each notification linking to its task card on the node's own address. Values are escaped in the
 * HTML and kept to one line in the subject.
 */

export interface MailItem {
  kind: NotificationKind
  task: { key: string; title: string; processKey: string }
  actorName: string | null
}

export interface Mail {
  subject: string
  text: string
  html: string
}

/** Where a node's pages are: the node's domain as the first label of PUBLIC_URL's host. */
export function nodeOrigin(publicUrl: string, domain: string): string {
  const u = new URL(publicUrl)
  const isAddress = /^[\d.]+$/.test(u.hostname) || u.hostname.includes(':') || u.hostname.startsWith('[')
  return isAddress ? u.origin : `${u.protocol}//${domain}.${u.host}`
}

export const taskLink = (origin: string, t: MailItem['task']) =>
  `${origin}/lk/t/${encodeURIComponent(t.processKey)}/${encodeURIComponent(t.key)}`

const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim()

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const page = (lang: EmailLanguage, body: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"></head>` +
  `<body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:14px;line-height:1.5;color:#1f2328">` +
  `${body}</body></html>`

interface Context {
  lang: EmailLanguage
  origin: string
  node: string
}

function footer(c: Context) {
  const t = EMAIL_TEXTS[c.lang]
  const settings = `${c.origin}/lk/notifications/settings`
  return {
    text: `--\n${fill(t.footer, { node: c.node })}\n${t.settings}: ${settings}`,
    html:
      `<p style="color:#656d76;font-size:12px;margin-top:24px">${escapeHtml(fill(t.footer, { node: c.node }))}` +
      ` <a href="${escapeHtml(settings)}">${escapeHtml(t.settings)}</a></p>`,
  }
}

const line = (c: Context, i: MailItem) => {
  const t = EMAIL_TEXTS[c.lang]
  return `${i.actorName ?? t.someone} ${t.did[i.kind]}`
}

/** One notification's mail. */
export function notificationMail(c: Context, item: MailItem): Mail {
  const t = EMAIL_TEXTS[c.lang]
  const link = taskLink(c.origin, item.task)
  const f = footer(c)
  const what = line(c, item)
  return {
    subject: oneLine(fill(t.subject[item.kind], { key: item.task.key, title: item.task.title })),
    text: `${what}:\n${item.task.key} ${item.task.title}\n\n${t.open}: ${link}\n\n${f.text}\n`,
    html: page(
      c.lang,
      `<p>${escapeHtml(what)}:</p>` +
        `<p><a href="${escapeHtml(link)}" style="font-weight:600">${escapeHtml(item.task.key)}</a> ` +
        `${escapeHtml(item.task.title)}</p>` +
        `<p><a href="${escapeHtml(link)}">${escapeHtml(t.open)}</a></p>${f.html}`,
    ),
  }
}

/** The daily digest: what is still unread, newest first; `more` beyond the items listed. */
export function digestMail(c: Context, items: MailItem[], more: number): Mail {
  const t = EMAIL_TEXTS[c.lang]
  const f = footer(c)
  const inbox = `${c.origin}/lk/notifications?tab=unread`
  const count = items.length + more
  const rows = items.map((i) => ({ what: line(c, i), link: taskLink(c.origin, i.task), task: i.task }))
  const moreText = more > 0 ? fill(t.digestMore, { count: more }) : ''
  return {
    subject: oneLine(fill(t.digestSubject, { count })),
    text:
      `${fill(t.digestIntro, { node: c.node })}\n\n` +
      rows.map((r) => `- ${r.what}: ${r.task.key} ${r.task.title}\n  ${r.link}`).join('\n') +
      `${moreText ? `\n\n${moreText}` : ''}\n\n${t.openInbox}: ${inbox}\n\n${f.text}\n`,
    html: page(
      c.lang,
      `<p>${escapeHtml(fill(t.digestIntro, { node: c.node }))}</p><ul style="padding-left:20px">` +
        rows
          .map(
            (r) =>
              `<li style="margin-bottom:8px">${escapeHtml(r.what)}: ` +
              `<a href="${escapeHtml(r.link)}" style="font-weight:600">${escapeHtml(r.task.key)}</a> ` +
              `${escapeHtml(r.task.title)}</li>`,
          )
          .join('') +
        `</ul>${moreText ? `<p>${escapeHtml(moreText)}</p>` : ''}` +
        `<p><a href="${escapeHtml(inbox)}">${escapeHtml(t.openInbox)}</a></p>${f.html}`,
    ),
  }
}

/** "Send a test". */
export function testMail(c: Context): Mail {
  const t = EMAIL_TEXTS[c.lang]
  const f = footer(c)
  const text = fill(t.testText, { node: c.node })
  return {
    subject: t.testSubject,
    text: `${text}\n\n${f.text}\n`,
    html: page(c.lang, `<p>${escapeHtml(text)}</p>${f.html}`),
  }
}
