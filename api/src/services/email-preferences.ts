import { DEFAULT_LOCALE } from '@domain/nodes/settings-schema'
import {
  DEFAULT_DIGEST_TIME,
  DEFAULT_EMAIL_MODE,
  DEFAULT_TIME_ZONE,
  type EmailLanguage,
  type EmailMode,
  type EmailPreference,
} from '@domain/notifications/email'
import type { Db } from '../db/client'
import type { Caller } from '../http/caller'
import { notFound } from '../http/errors'
import { emailPreferenceOf, saveEmailPreference } from '../repositories/email-repository'
import { isUserBound } from '../repositories/nodes-repository'
import { enabledConfigs } from '../repositories/plugin-deliveries-repository'
import { requireNodeRight } from './access'

/*
 * The caller's e-mail preference in a node (issue 14 item 4): off, each notification as it
 * happens, or a daily digest at a local time; the mails' language. `available` says whether the
 * node has an enabled e-mail configuration at all (without one nothing is sent).
 */

export async function emailPreferenceFor(db: Db, c: Caller, nodeId: string) {
  const access = await requireNodeRight(db, c.auth, nodeId)
  const [row, configs] = await Promise.all([
    emailPreferenceOf(db, nodeId, c.auth.user.id),
    enabledConfigs(db, nodeId, 'email'),
  ])
  const pref: EmailPreference = row
    ? {
        mode: row.mode as EmailMode,
        digest_time: row.digestTime,
        time_zone: row.timeZone,
        language: row.language as EmailLanguage,
      }
    : {
        mode: DEFAULT_EMAIL_MODE,
        digest_time: DEFAULT_DIGEST_TIME,
        time_zone: DEFAULT_TIME_ZONE,
        language: access.node.settings.locale ?? DEFAULT_LOCALE,
      }
  return { ...pref, available: configs.length > 0, saved: row !== undefined }
}

export async function saveEmailPreferenceFor(db: Db, c: Caller, nodeId: string, p: EmailPreference) {
  await requireNodeRight(db, c.auth, nodeId)
  // An administrator of every node who is not bound to this one has no inbox here.
  if (!(await isUserBound(db, nodeId, c.auth.user.id))) throw notFound('nodes.node_not_found')
  await saveEmailPreference(db, nodeId, c.auth.user.id, p)
  return emailPreferenceFor(db, c, nodeId)
}
