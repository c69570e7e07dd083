import { DEFAULT_LOCALE } from '@domain/nodes/settings-schema'
import type { EmailLanguage } from '@domain/notifications/email'
import type { Db } from '../../db/client'
import type { SecretBox } from '../../lib/secret-box'
import { nodeOf } from '../../repositories/email-repository'
import { enabledConfigs } from '../../repositories/plugin-deliveries-repository'
import { type SendResult, type SmtpOptions, type SmtpSettings, sendMail, smtpSettings } from './smtp'
import { type Mail, nodeOrigin } from './templates'

/*
 * A node's way of sending: its enabled e-mail configuration (at most one: the plugin is `single`)
 * with the password opened, and where its pages are for the links. No enabled configuration: null,
 * and nothing of that node is sent.
 */

export interface MailContext {
  lang: EmailLanguage
  origin: string
  node: string
}

export interface NodeMailer {
  host: string
  /** Set by the worker when the server could not be reached in this pass. */
  down?: SendResult
  /** The node's language: for a recipient who never chose one. */
  language: EmailLanguage
  send(to: string, lang: EmailLanguage, idPart: string, render: (c: MailContext) => Mail): Promise<SendResult>
}

export function mailerFor(
  settings: SmtpSettings,
  node: { domain: string; language: EmailLanguage },
  opts: SmtpOptions & { publicUrl: string },
): NodeMailer {
  const origin = nodeOrigin(opts.publicUrl, node.domain)
  const idHost = new URL(origin).hostname || 'nodus'
  return {
    host: settings.host,
    language: node.language,
    send: (to, lang, idPart, render) => {
      const mail = render({ lang, origin, node: node.domain })
      return sendMail(settings, { ...mail, to, language: lang, messageId: `<${idPart}@${idHost}>` }, opts)
    },
  }
}

export async function nodeMailer(
  db: Db,
  box: SecretBox,
  nodeId: string,
  opts: SmtpOptions & { publicUrl: string },
): Promise<NodeMailer | null> {
  const [[config], node] = await Promise.all([enabledConfigs(db, nodeId, 'email'), nodeOf(db, nodeId)])
  if (!config || !node) return null
  const settings: Record<string, unknown> = { ...config.settings }
  for (const [name, sealed] of Object.entries(config.secrets)) settings[name] = box.open(sealed, config.id)
  return mailerFor(
    smtpSettings(settings),
    { domain: node.domain, language: node.settings.locale ?? DEFAULT_LOCALE },
    opts,
  )
}
