import { describe, expect, it } from 'vitest'
import type { FormDescription } from './description'
import { activeTabs, invalidTabs, nextEnabled } from './tabs-state'

const form: FormDescription = {
  layout: 'tabs',
  tabs: [
    { key: 'a', title: 'A' },
    { key: 'b', title: 'B' },
    { key: 'c', title: 'C' },
  ],
  fields: [
    { name: 'cf_one', tab: 'a' },
    { name: 'cf_addr', tab: 'b' },
    { name: 'cf_rows', tab: 'c' },
  ],
}

describe('tabs form (spec §4: next is enabled only if the following tab is active)', () => {
  it('finds the tabs holding errors, children and rows included', () => {
    expect(invalidTabs(form, ['cf_addr.city'])).toEqual(new Set(['b']))
    expect(invalidTabs(form, ['cf_rows[0].title', 'cf_one'])).toEqual(new Set(['a', 'c']))
    expect(invalidTabs(form, ['cf_oneother'])).toEqual(new Set())
  })

  it('activates a tab once every tab before it is valid', () => {
    const tabs = form.tabs!
    expect(activeTabs(tabs, new Set())).toEqual([true, true, true])
    expect(activeTabs(tabs, new Set(['a']))).toEqual([true, false, false])
    expect(activeTabs(tabs, new Set(['b']))).toEqual([true, true, false])
    expect(activeTabs(tabs, new Set(['c']))).toEqual([true, true, true])
  })

  it('enables Next when the following tab is active', () => {
    expect(nextEnabled([true, false, false], 0)).toBe(false)
    expect(nextEnabled([true, true, false], 0)).toBe(true)
    expect(nextEnabled([true, true, false], 1)).toBe(false)
    expect(nextEnabled([true, true, true], 2)).toBe(false) // the last tab has no next
  })
})
