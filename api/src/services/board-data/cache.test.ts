import { describe, expect, it } from 'vitest'
import type { WidgetRow } from '../../repositories/board-data-repository'
import {
  cachedWidget,
  forgetWidgetData,
  widgetDataListening,
  widgetDataNotice,
  widgetDataStats,
  widgetKey,
} from './cache'
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

describe('cachedWidget', () => {
  const inNode = (nodeId: string) => ({ ...ctx(), nodeId }) as DataContext
  let computed = 0
  const ask = (c: DataContext, w: WidgetRow = widget, answer: unknown = { ok: 1 }) =>
    cachedWidget(
      c,
      w,
      { page: 1 },
      async () => {
        computed++
        return answer
      },
      (r) => !(r as { error?: unknown }).error,
    )

  it('keeps nothing while the notices cannot be heard, and drops everything when that changes', async () => {
    computed = 0
    await ask(inNode('a'))
    await ask(inNode('a'))
    expect(computed).toBe(2)
    widgetDataListening(true)
    try {
      await ask(inNode('a'))
      await ask(inNode('a'))
      expect(computed).toBe(3)
      widgetDataListening(false)
      widgetDataListening(true)
      await ask(inNode('a'))
      expect(computed).toBe(4)
    } finally {
      widgetDataListening(false)
    }
  })

  it("shares one computation, keeps no error, and drops by node ('n:', a task write) or all ('u:')", async () => {
    widgetDataListening(true)
    try {
      computed = 0
      const [x, y] = await Promise.all([ask(inNode('a')), ask(inNode('a'))])
      expect(computed).toBe(1)
      expect(x).toBe(y)
      await ask(inNode('b'))
      expect(computed).toBe(2)

      await ask(inNode('a'), widget, { error: 'x' })
      await ask(inNode('a'), { ...widget, id: 'failing' }, { error: 'x' })
      await ask(inNode('a'), { ...widget, id: 'failing' }, { error: 'x' })
      expect(computed).toBe(4)

      forgetWidgetData('a')
      expect(widgetDataStats('a').kept).toBe(0)
      expect(widgetDataStats('b').kept).toBe(1)
      widgetDataNotice('s:session')
      expect(widgetDataStats('b').kept).toBe(1)
      widgetDataNotice('n:b')
      expect(widgetDataStats('b').kept).toBe(0)
      await ask(inNode('a'))
      await ask(inNode('b'))
      widgetDataNotice('u:someone')
      expect(widgetDataStats().nodes).toBe(0)
    } finally {
      widgetDataListening(false)
    }
  })

  it('never keeps a query that says now()', async () => {
    widgetDataListening(true)
    try {
      computed = 0
      const w = { ...widget, query: 'updated_at > NOW ()' } as WidgetRow
      await ask(inNode('a'), w)
      await ask(inNode('a'), w)
      expect(computed).toBe(2)
    } finally {
      widgetDataListening(false)
    }
  })
})
