import { messageFor } from '@domain/errors/catalogue'
import { DEFAULT_LOCALE } from '@domain/nodes/settings-schema'
import type { EmailLanguage } from '@domain/notifications/email'
import { badInput } from '../../http/errors'
import { emailPreferenceOf, nodeOf } from '../../repositories/email-repository'
import type { ServerPlugin } from '../types'
import { isPrivateHost } from '../webhooks/target'
import { mailerFor } from './node-mailer'
import { smtpSettings } from './smtp'
import { smtpOptionsOf, startEmail } from './start'
import { testMail } from './templates'

/**
 * E-mail: a host that is plainly internal is refused when saved unless SMTP_ALLOW_PRIVATE=1 (and
 * every address again when connecting). "Send a test" mails the administrator who asked, at once,
 * and answers the SMTP server's reply or why it failed.
 */
export const emailServer: ServerPlugin = {
  id: 'email',
  start: startEmail,
  async check(ctx, settings, where) {
    const host = typeof settings.host === 'string' ? settings.host : ''
    const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
    if (!ctx.smtpAllowPrivate && host && isPrivateHost(`http://${bracketed}`))
      return [
        {
          type: 'plugins.private_target',
          msg: messageFor('plugins.private_target'),
          loc: [...where, 'host'],
        },
      ]
    return []
  },
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
