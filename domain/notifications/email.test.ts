import { describe, expect, it } from 'vitest'
import { isDigestTime, isTimeZone, nextDigestAt, timeZones } from './email'

describe('the e-mail digest time', () => {
  it('reads HH:MM on a 24-hour clock only', () => {
    for (const ok of ['00:00', '09:05', '23:59']) expect(isDigestTime(ok)).toBe(true)
    for (const bad of ['24:00', '9:00', '09:60', '', '09:00:00', 'nine'])
      expect(isDigestTime(bad)).toBe(false)
  })

  it('knows IANA time zones and refuses the rest', () => {
    expect(isTimeZone('Europe/Moscow')).toBe(true)
    expect(isTimeZone('UTC')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
    expect(isTimeZone('')).toBe(false)
    expect(timeZones()[0]).toBe('UTC')
    expect(timeZones()).toContain('Asia/Shanghai')
  })

  it('is the next instant whose wall clock in the zone reads the time', () => {
    const now = new Date('2026-03-10T05:30:00Z')
    // 09:00 in Moscow (UTC+3) is 06:00 UTC: later today.
    expect(nextDigestAt(now, '09:00', 'Europe/Moscow').toISOString()).toBe('2026-03-10T06:00:00.000Z')
    // 08:00 in Moscow was 05:00 UTC: tomorrow.
    expect(nextDigestAt(now, '08:00', 'Europe/Moscow').toISOString()).toBe('2026-03-11T05:00:00.000Z')
    // Shanghai (UTC+8) is already on the 10th at 13:30; 09:00 next is the 11th, 01:00 UTC.
    expect(nextDigestAt(now, '09:00', 'Asia/Shanghai').toISOString()).toBe('2026-03-11T01:00:00.000Z')
    expect(nextDigestAt(now, '05:30', 'UTC').toISOString()).toBe('2026-03-11T05:30:00.000Z')
  })

  it('follows a summer-time change', () => {
    // New York moves to UTC-4 on 2026-03-08: 09:00 is 14:00 UTC before, 13:00 UTC after.
    expect(nextDigestAt(new Date('2026-03-07T15:00:00Z'), '09:00', 'America/New_York').toISOString()).toBe(
      '2026-03-08T13:00:00.000Z',
    )
    expect(nextDigestAt(new Date('2026-03-06T12:00:00Z'), '09:00', 'America/New_York').toISOString()).toBe(
      '2026-03-06T14:00:00.000Z',
    )
  })
})
