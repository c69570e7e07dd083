import { z } from 'zod'
import { LOCALES } from '../nodes/settings-schema'

/*
 * How a user's notifications reach them by e-mail (issue 13 item 1, issue 14 item 4): per user and
 * node, on top of the per-kind channel (only kinds set to `email` go by e-mail at all). Shared by the
 * upstream's call and worker and the web app's settings form.
 */

/** Off: none; instant: one e-mail per notification as it happens; digest: one a day, at a time. */
export const EMAIL_MODES = ['off', 'instant', 'digest'] as const
export type EmailMode = (typeof EMAIL_MODES)[number]

export type EmailLanguage = (typeof LOCALES)[number]

export interface EmailPreference {
  mode: EmailMode
  /** The digest's local time, `HH:MM` (24 h). */
  digest_time: string
  /** An IANA time zone the digest time is read in. */
  time_zone: string
  language: EmailLanguage
}

/** What a user who never chose gets: kinds set to e-mail are mailed as they happen. */
export const DEFAULT_EMAIL_MODE: EmailMode = 'instant'
export const DEFAULT_DIGEST_TIME = '09:00'
/** The product keeps no time zone per user or node: UTC until the user picks theirs. */
export const DEFAULT_TIME_ZONE = 'UTC'

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/

export const isDigestTime = (v: string) => HH_MM.test(v)

/** A time zone this runtime knows (IANA names, e.g. Europe/Moscow). */
export function isTimeZone(v: string): boolean {
  if (!v || v.length > 64) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: v })
    return true
  } catch {
    return false
  }
}

/** The preference as the call takes it and the settings form posts it; messages are catalogue codes. */
export const emailPreferenceSchema = z
  .object({
    mode: z.enum(EMAIL_MODES, { message: 'value_error.enum' }),
    digest_time: z
      .string({ message: 'value_error.missing' })
      .refine(isDigestTime, 'notifications.digest_time'),
    time_zone: z.string({ message: 'value_error.missing' }).refine(isTimeZone, 'notifications.time_zone'),
    language: z.enum(LOCALES, { message: 'value_error.enum' }),
  })
  .strict('value_error.extra')

/** Every time zone the runtime lists, UTC first, for the settings form's select. */
export function timeZones(): string[] {
  const listed =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ([] as string[])
  return ['UTC', ...listed.filter((z) => z !== 'UTC')]
}

const parts = new Map<string, Intl.DateTimeFormat>()
function formatIn(timeZone: string) {
  let f = parts.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    parts.set(timeZone, f)
  }
  return f
}

/** The wall-clock fields of an instant in a zone. */
function wallClock(at: Date, timeZone: string) {
  const out: Record<string, number> = {}
  for (const p of formatIn(timeZone).formatToParts(at))
    if (p.type !== 'literal') out[p.type] = Number(p.value)
  return { y: out.year!, m: out.month!, d: out.day!, h: out.hour!, mi: out.minute!, s: out.second! }
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(at: Date, timeZone: string) {
  const w = wallClock(at, timeZone)
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.mi, w.s) - Math.floor(at.getTime() / 1000) * 1000
}

/** The instant a wall-clock time of a day has in a zone (a time skipped by a DST change moves on). */
function instantOf(y: number, m: number, d: number, h: number, mi: number, timeZone: string): Date {
  const asUtc = Date.UTC(y, m - 1, d, h, mi)
  let guess = asUtc - offsetAt(new Date(asUtc), timeZone)
  guess = asUtc - offsetAt(new Date(guess), timeZone)
  return new Date(guess)
}

/** The next digest after `now`: the first instant past it whose wall clock in the zone reads `time`. */
export function nextDigestAt(now: Date, time: string, timeZone: string): Date {
  const [h, mi] = time.split(':').map(Number) as [number, number]
  const today = wallClock(now, timeZone)
  for (let add = 0; add < 3; add++) {
    const day = new Date(Date.UTC(today.y, today.m - 1, today.d + add))
    const at = instantOf(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), h, mi, timeZone)
    if (at.getTime() > now.getTime()) return at
  }
  return new Date(now.getTime() + 24 * 60 * 60 * 1000)
}
