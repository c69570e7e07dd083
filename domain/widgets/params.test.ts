import { describe, expect, it } from 'vitest'
import { widgetParamsKey } from './params'

describe('widgetParamsKey', () => {
  const q = (s: string) => new URLSearchParams(s)
  it('is the same whatever the order and the other widgets’ parameters', () => {
    expect(widgetParamsKey(q('w.a.page=2&w.b.day=3&w.a.filter.title=x'), 'a')).toBe(
      widgetParamsKey(q('w.a.filter.title=x&w.a.page=2&w.b.day=9'), 'a'),
    )
  })
  it('differs when the widget’s own parameters differ', () => {
    expect(widgetParamsKey(q('w.a.page=2'), 'a')).not.toBe(widgetParamsKey(q('w.a.filter.title=chairs'), 'a'))
    expect(widgetParamsKey(q(''), 'a')).not.toBe(widgetParamsKey(q('w.a.page=2'), 'a'))
  })
  it('does not take another widget whose id starts the same', () => {
    expect(widgetParamsKey(q('w.ab.page=2'), 'a')).toBe('')
  })
})
