import { describe, expect, it } from 'vitest'
import {
  clockOf,
  DEFAULT_END_MINUTES,
  GRID_PX,
  layoutColumn,
  MIN_BOX_PX,
  minutesToPx,
} from './schedule-layout'
import { timesOnDay } from './schedule-times'

const t = (id: string, start: number, end: number | null) => ({ id, start, end })
const h = (hours: number, minutes = 0) => hours * 60 + minutes

describe('the schedule layout', () => {
  it('puts a task at 64 px an hour on a 24-hour grid', () => {
    expect(GRID_PX).toBe(24 * 64)
    expect(minutesToPx(h(9, 30))).toBe(9.5 * 64)
    const { boxes } = layoutColumn([t('a', h(9), h(10, 30))])
    expect(boxes).toEqual([
      expect.objectContaining({ top: 576, height: 96, lane: 0, lanes: 1, fromBefore: false, toAfter: false }),
    ])
  })

  it('runs a task without an end to the default end, 23:59', () => {
    const [box] = layoutColumn([t('a', h(22), null)]).boxes
    expect(box!.top + box!.height).toBe(minutesToPx(DEFAULT_END_MINUTES))
    expect(box!.toAfter).toBe(false)
  })

  it('puts overlapping tasks side by side, and a later one back in the first lane', () => {
    const { boxes } = layoutColumn([
      t('a', h(9), h(11)),
      t('b', h(10), h(12)),
      t('c', h(10, 30), h(11)),
      t('d', h(13), h(14)),
    ])
    const by = Object.fromEntries(boxes.map((b) => [b.task.id, b]))
    expect([by.a!.lane, by.b!.lane, by.c!.lane]).toEqual([0, 1, 2])
    expect([by.a!.lanes, by.b!.lanes, by.c!.lanes]).toEqual([3, 3, 3])
    expect(by.d).toMatchObject({ lane: 0, lanes: 1 })
  })

  it('reuses a freed lane within one group of overlaps', () => {
    const { boxes } = layoutColumn([t('a', h(9), h(10)), t('b', h(9, 30), h(12)), t('c', h(10), h(11))])
    const by = Object.fromEntries(boxes.map((b) => [b.task.id, b]))
    expect(by.c).toMatchObject({ lane: 0, lanes: 2 })
    expect(by.b).toMatchObject({ lane: 1, lanes: 2 })
  })

  it('does not call tasks that only touch overlapping', () => {
    const { boxes } = layoutColumn([t('a', h(9), h(10)), t('b', h(10), h(11))])
    expect(boxes.map((b) => [b.lane, b.lanes])).toEqual([
      [0, 1],
      [0, 1],
    ])
  })

  it('gives a very short task a box tall enough for a line, which later tasks then avoid', () => {
    const { boxes } = layoutColumn([t('a', h(9), h(9, 5)), t('b', h(9, 10), h(10))])
    expect(boxes[0]!.height).toBe(MIN_BOX_PX)
    expect(boxes[1]).toMatchObject({ lane: 1, lanes: 2 })
  })

  it('clips a task crossing midnight to the day, marked as running over', () => {
    const { boxes } = layoutColumn([t('late', h(22), h(26)), t('early', h(-2), h(1))])
    const by = Object.fromEntries(boxes.map((b) => [b.task.id, b]))
    expect(by.late).toMatchObject({ top: minutesToPx(h(22)), toAfter: true, fromBefore: false })
    expect(by.late!.top + by.late!.height).toBe(minutesToPx(DEFAULT_END_MINUTES))
    expect(by.early).toMatchObject({ top: 0, height: 64, fromBefore: true, toAfter: false })
  })

  it('leaves out a task wholly on another day', () => {
    expect(layoutColumn([t('y', h(-5), h(-1)), t('n', h(25), h(26))]).boxes).toEqual([])
  })

  it('refuses an end before the start', () => {
    const bad = t('bad', h(11), h(9))
    const { boxes, invalid } = layoutColumn([bad, t('ok', h(9), h(10))])
    expect(invalid).toEqual([bad])
    expect(boxes.map((b) => b.task.id)).toEqual(['ok'])
  })

  it('writes minutes as a clock within the day', () => {
    expect([clockOf(0), clockOf(h(9, 5)), clockOf(h(30)), clockOf(-10)]).toEqual([
      '00:00',
      '09:05',
      '23:59',
      '00:00',
    ])
  })
})

describe("a task's times on a day", () => {
  it('reads {field}.0 and {field}.1 as hours and minutes, as stored or as objects', () => {
    expect(timesOnDay('2026-11-26', ['09:00', '10:30'])).toEqual({ start: 540, end: 630 })
    expect(
      timesOnDay('2026-11-26', [
        { hours: 9, minutes: 0 },
        { hours: 10, minutes: 30 },
      ]),
    ).toEqual({ start: 540, end: 630 })
    expect(timesOnDay('2026-11-26', { 0: '08:15', 1: null })).toEqual({ start: 495, end: null })
  })

  it('has no times without a start', () => {
    expect(timesOnDay('2026-11-26', null)).toBeNull()
    expect(timesOnDay('2026-11-26', ['', '10:00'])).toBeNull()
    expect(timesOnDay('2026-11-26', ['25:00', '10:00'])).toBeNull()
  })

  it('runs over midnights when the day field is a range of days', () => {
    const range = ['2026-11-25', '2026-11-27']
    expect(timesOnDay('2026-11-25', ['22:00', '02:00'], range)).toEqual({ start: 1320, end: 2 * 1440 + 120 })
    expect(timesOnDay('2026-11-26', ['22:00', '02:00'], range)).toEqual({
      start: 1320 - 1440,
      end: 1440 + 120,
    })
    // Laid out on the middle day it fills the whole day.
    const [box] = layoutColumn([{ id: 'x', ...timesOnDay('2026-11-26', ['22:00', '02:00'], range)! }]).boxes
    expect(box).toMatchObject({ top: 0, fromBefore: true, toAfter: true })
  })
})
