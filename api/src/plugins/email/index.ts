import { DEFAULT_LOCALE } from '@domain/nodes/settings-schema'
import type { EmailLanguage } from '@domain/notifications/email'
import { badInput } from '../../http/errors'
import { emailPreferenceOf, nodeOf } from '../../repositories/email-repository'
import type { ServerPlugin } from '../types'
import { mailerFor } from './node-mailer'
import { smtpSettings } from './smtp'
import { smtpOptionsOf, startEmail } from './start'
import { testMail } from './templates'

/**
 * E-mail: a private SMTP host is refused when saved and when connecting (the outbound guard,
 * ADR 027; OUTBOUND_ALLOW_PRIVATE=1 or SMTP_ALLOW_PRIVATE=1 allow it). "Send a test" mails the
 * administrator who asked, at once, and answers the SMTP server's reply or why it failed.
 */
export const emailServer: ServerPlugin = {
  id: 'email',
  start: startEmail,
  async test(rt, config, who) {
    const [node, pref] = await Promise.all([
      nodeOf(rt.db, config.nodeId),
      emailPreferenceOf(rt.db, config.nodeId, who.userId),
    ])
    const language = (pref?.language ?? node?.settings.locale ?? DEFAULT_LOCALE) as EmailLanguage
    const mailer = mailerFor(
      smtpSettings(config.settings),
      { domain: node?.domain ?? '', language },
      smtpOptionsOf(rt.config),
    )
    const result = await mailer.send(who.email, language, `test.${config.id}.${Date.now()}`, testMail)
    if (!result.ok) throw badInput(result.code, ['params', 'pluginConfigId'], result.ctx)
    return { code: 'plugins.email.test_sent', ctx: { to: who.email, answer: result.answer } }
  },
}
