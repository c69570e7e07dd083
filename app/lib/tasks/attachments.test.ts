import { describe, expect, it } from 'vitest'
import { ATTACHMENTS_COLLAPSED, attachmentsView, formatSize, isImageName, newestFirst } from './attachments'

const at = (id: string, minute: number) => ({
  id,
  created_at: `2024-05-01T10:${String(minute).padStart(2, '0')}:00Z`,
})

describe('attachments list (spec §2, §4, §9)', () => {
  it('orders newest first, keeping the given order for equal times', () => {
    expect(newestFirst([at('a', 1), at('b', 3), at('c', 2), at('d', 3)]).map((a) => a.id)).toEqual([
      'b',
      'd',
      'c',
      'a',
    ])
  })

  it('shows the latest 3 until expanded', () => {
    const list = [at('a', 1), at('b', 2), at('c', 3), at('d', 4), at('e', 5)]
    const collapsed = attachmentsView(list, false)
    expect(ATTACHMENTS_COLLAPSED).toBe(3)
    expect(collapsed.shown.map((a) => a.id)).toEqual(['e', 'd', 'c'])
    expect(collapsed).toMatchObject({ hidden: 2, collapsible: true, empty: false })
    const expanded = attachmentsView(list, true)
    expect(expanded.shown.map((a) => a.id)).toEqual(['e', 'd', 'c', 'b', 'a'])
    expect(expanded).toMatchObject({ hidden: 0, collapsible: true })
  })

  it('needs no toggle for 3 or fewer, and is empty (hidden) with none', () => {
    expect(attachmentsView([at('a', 1), at('b', 2), at('c', 3)], false)).toMatchObject({
      hidden: 0,
      collapsible: false,
    })
    expect(attachmentsView([], false)).toMatchObject({ shown: [], empty: true, collapsible: false })
  })

  it('knows image names and sizes', () => {
    expect(['a.png', 'b.JPG', 'c.jpeg', 'd.svg', 'e.image'].every(isImageName)).toBe(true)
    expect(isImageName('report.pdf')).toBe(false)
    expect(formatSize(512)).toBe('512 B')
    expect(formatSize(1536)).toBe('1.5 KB')
    expect(formatSize(5 * 1024 * 1024)).toBe('5.0 MB')
    expect(formatSize(300 * 1024)).toBe('300 KB')
  })
})
