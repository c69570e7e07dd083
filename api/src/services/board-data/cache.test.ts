import { describe, expect, it } from 'vitest'
import type { WidgetRow } from '../../repositories/board-data-repository'
import { widgetKey } from './cache'
import type { DataContext } from './types'

/*
 * The key of a kept widget answer holds everything it depends on besides the node's rows, so that
 * even a notice that never came cannot hand a viewer what their present rights, the node's present
 * configuration or the widget's present settings would not show (ADR 023).
 */

const ctx = (over: Partial<DataContext['who']> = {}, now = '2026-11-26T12:00:00Z'): DataContext =>
  ({
    nodeId: 'n',
    now: new Date(now),
    who: { userId: 'u1', rights: { task_view: null }, team_ids: [], config: { version: 3 }, ...over },
  }) as unknown as DataContext

const widget = {
  id: 'w1',
  type: 'table',
  settings: { view: { headers: ['key'] } },
  query: '',
  updatedAt: new Date('2026-11-26T10:00:00Z'),
} as unknown as WidgetRow

describe('widgetKey', () => {
  const base = widgetKey(ctx(), widget, { page: 1 })

  it('is the same for the same viewer, widget and parameters', () => {
    expect(widgetKey(ctx(), widget, { page: 1 })).toBe(base)
  })

  it("differs by the viewer, their rights and teams, the node's configuration and today", () => {
    const others = [
      ctx({ userId: 'u2' }),
      ctx({ rights: { task_view: ['DEV'] } }),
      ctx({ rights: {} }),
      ctx({ team_ids: ['t1'] }),
      ctx({ config: { version: 4 } as never }),
      ctx({}, '2026-11-27T00:00:01Z'),
    ]
    for (const c of others) expect(widgetKey(c, widget, { page: 1 })).not.toBe(base)
  })

  it("differs by the widget's settings, query, row version and parameters", () => {
    const changed: WidgetRow[] = [
      { ...widget, settings: { view: { headers: ['title'] } } },
      { ...widget, query: 'key = A-1' },
      { ...widget, updatedAt: new Date('2026-11-26T11:00:00Z') },
      { ...widget, id: 'w2' },
    ]
    for (const w of changed) expect(widgetKey(ctx(), w, { page: 1 })).not.toBe(base)
    expect(widgetKey(ctx(), widget, { page: 2 })).not.toBe(base)
  })
})
