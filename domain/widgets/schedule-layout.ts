/*
 * The daily schedule's layout (spec §2 Widgets, §9 constants): a 24-hour grid where an hour is 64
 * px, each task a box from its start to its end, boxes that overlap in time side by side. Pure:
 * the server's HTML and the browser's render place the same boxes at the same pixels.
 */

/** Spec §9: an hour of the schedule is this many pixels high. */
export const HOUR_PX = 64
/** Spec §9: a schedule's column is at least this wide. */
export const COLUMN_MIN_PX = 256
export const DAY_MINUTES = 24 * 60
/** Spec §9: the default end time, 23:59 (a task with no end runs to it; a day's grid stops there). */
export const DEFAULT_END_MINUTES = DAY_MINUTES - 1
/** The grid's height: 24 hours. */
export const GRID_PX = 24 * HOUR_PX
/** A box is never shorter than this (a task of a few minutes keeps a line of its title). */
export const MIN_BOX_PX = 20

/** Minutes from the day's start as pixels from the grid's top. */
export const minutesToPx = (minutes: number) => (minutes / 60) * HOUR_PX

/** A task in time: minutes from the day's start (below 0 or past 1440 it runs over a midnight). */
export interface Timed {
  start: number
  /** null: no end given, the default end (23:59). */
  end: number | null
}

export interface Box<T> {
  task: T
  /** Pixels from the grid's top, and the box's height. */
  top: number
  height: number
  /** Its lane among the tasks it overlaps (0-based), and how many lanes they need. */
  lane: number
  lanes: number
  /** It began before this day, or ends after it (drawn cut off at the grid's edge). */
  fromBefore: boolean
  toAfter: boolean
}

export interface ColumnLayout<T> {
  boxes: Box<T>[]
  /** Tasks whose end comes before their start: refused, never placed (the widget says so). */
  invalid: T[]
}

/**
 * One column's boxes. A task is clipped to the day (00:00–23:59): one that crosses a midnight
 * shows the part within this day. An end before the start is refused. Tasks that overlap in time
 * share the width: each takes the first free lane of its group of overlapping tasks.
 */
export function layoutColumn<T extends Timed>(tasks: readonly T[]): ColumnLayout<T> {
  const invalid: T[] = []
  const spans: { task: T; from: number; to: number; fromBefore: boolean; toAfter: boolean }[] = []
  for (const task of tasks) {
    const end = task.end ?? DEFAULT_END_MINUTES
    if (!Number.isFinite(task.start) || !Number.isFinite(end) || end < task.start) {
      invalid.push(task)
      continue
    }
    const from = Math.max(0, task.start)
    const to = Math.min(DEFAULT_END_MINUTES, end)
    // Wholly on another day (ends before this one starts, or starts after it): not on this grid.
    if (to < from || end < 0 || task.start > DEFAULT_END_MINUTES) continue
    spans.push({ task, from, to, fromBefore: task.start < 0, toAfter: end > DEFAULT_END_MINUTES })
  }
  spans.sort((a, b) => a.from - b.from || b.to - a.to)

  const boxes: Box<T>[] = []
  let group: Box<T>[] = []
  let laneEnds: number[] = []
  let groupEnd = -1
  const close = () => {
    for (const b of group) b.lanes = laneEnds.length
    group = []
    laneEnds = []
  }
  for (const s of spans) {
    // A box's bottom as drawn: a short task still takes MIN_BOX_PX, so what it covers is that.
    const bottom = Math.max(minutesToPx(s.to), minutesToPx(s.from) + MIN_BOX_PX)
    const top = minutesToPx(s.from)
    if (top >= groupEnd) close()
    let lane = laneEnds.findIndex((end) => end <= top)
    if (lane < 0) {
      lane = laneEnds.length
      laneEnds.push(bottom)
    } else laneEnds[lane] = bottom
    groupEnd = group.length === 0 ? bottom : Math.max(groupEnd, bottom)
    const box: Box<T> = {
      task: s.task,
      top,
      height: bottom - top,
      lane,
      lanes: 1,
      fromBefore: s.fromBefore,
      toAfter: s.toAfter,
    }
    group.push(box)
    boxes.push(box)
  }
  close()
  return { boxes, invalid }
}

/** "HH:mm" of minutes from a day's start, within the day. */
export function clockOf(minutes: number): string {
  const m = Math.min(DEFAULT_END_MINUTES, Math.max(0, Math.round(minutes)))
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
}
