import { describe, expect, it } from 'vitest'
import {
  adminFooter,
  adminMenu,
  containsActive,
  isActive,
  lkFooter,
  lkMenu,
  menuVisibility,
  nodeMenu,
  resolveMenuUrl,
  topMenu,
} from './menu'

describe('resolveMenuUrl', () => {
  it('turns named targets into their paths', () => {
    expect(resolveMenuUrl('home')).toEqual({ href: '/lk', external: false })
    expect(resolveMenuUrl('adminStatuses')).toEqual({ href: '/admin/statuses', external: false })
  })

  it('keeps paths on this site, rooting relative ones', () => {
    expect(resolveMenuUrl('/lk/b/main')).toEqual({ href: '/lk/b/main', external: false })
    expect(resolveMenuUrl('lk/profile')).toEqual({ href: '/lk/profile', external: false })
  })

  it('opens http(s), mailto and tel outside', () => {
    expect(resolveMenuUrl('https://docs.example/')).toEqual({ href: 'https://docs.example/', external: true })
    expect(resolveMenuUrl('mailto:help@example.com')).toMatchObject({ external: true })
    expect(resolveMenuUrl('tel:+70000000000')).toMatchObject({ external: true })
  })

  it('makes no link of anything else', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:x',
      'data:text/html,x',
      '//evil.example',
      '/a b',
      '',
      ' ',
    ])
      expect(resolveMenuUrl(bad), bad).toBeNull()
    expect(resolveMenuUrl(undefined)).toBeNull()
  })
})

describe('nodeMenu', () => {
  const settings = {
    menu: {
      items: [
        { title: 'Docs', url: 'https://docs.example', icon: 'book' },
        { title: 'Work', heading: true, url: 'home' },
        {
          title: 'Boards',
          items: [
            { title: 'Main', url: '/lk/b/main' },
            {
              title: 'Ops',
              items: [{ title: 'Night shift', url: '/lk/b/night', items: [{ title: 'too deep' }] }],
            },
          ],
        },
        { title: '  ' },
      ],
    },
  }

  it('keeps three levels, headings without links, the node’s own titles', () => {
    expect(nodeMenu(settings)).toEqual([
      { id: 'node-0', label: { text: 'Docs' }, href: 'https://docs.example', external: true, icon: 'book' },
      { id: 'node-1', label: { text: 'Work' }, heading: true },
      {
        id: 'node-2',
        label: { text: 'Boards' },
        items: [
          { id: 'node-2.0', label: { text: 'Main' }, href: '/lk/b/main' },
          {
            id: 'node-2.1',
            label: { text: 'Ops' },
            items: [{ id: 'node-2.1.0', label: { text: 'Night shift' }, href: '/lk/b/night' }],
          },
        ],
      },
    ])
  })

  it('is empty without a menu', () => {
    expect(nodeMenu(undefined)).toEqual([])
    expect(nodeMenu({})).toEqual([])
    expect(nodeMenu({ menu: { items: 'nope' } })).toEqual([])
  })

  it('the personal area starts with home; the top menu shows the first level that leads somewhere', () => {
    const lk = lkMenu(settings)
    expect(lk[0]).toMatchObject({ id: 'home', href: '/lk' })
    expect(lk.map((e) => e.id)).not.toContain('tasks')
    expect(topMenu(nodeMenu(settings)).map((e) => e.id)).toEqual(['node-0', 'node-2'])
  })
})

describe('personal menu', () => {
  it('leads to the task search after home, for whoever may view tasks', () => {
    expect(
      lkMenu({}, true)
        .slice(0, 3)
        .map((e) => [e.id, e.href]),
    ).toEqual([
      ['home', '/lk'],
      ['tasks', '/lk/tasks'],
      ['csv', '/lk/csv'],
    ])
    expect(lkMenu({}, true)[1]).toMatchObject({ label: { key: 'search.menu' }, icon: 'search' })
    expect(lkMenu({}, false).map((e) => e.id)).toEqual(['home', 'csv'])
  })
})

describe('admin menu (spec §2)', () => {
  it('has exactly the groups of the spec, in order', () => {
    const shape = adminMenu().map((e) => (e.items ? { [e.id]: e.items.map((c) => c.href) } : e.href))
    expect(shape).toEqual([
      '/admin/users',
      '/admin/ui',
      { 'admin-statuses-group': ['/admin/statuses', '/admin/progress'] },
      { 'admin-processes-group': ['/admin/processes', '/admin/teams'] },
      { 'admin-forms-group': ['/admin/fields', '/admin/forms'] },
      { 'admin-boards-group': ['/admin/widgets', '/admin/boards'] },
      { 'admin-plugins-group': ['/admin/plugin-store', '/admin/plugin-configs'] },
    ])
  })

  it('its footer leads home and to the settings (admin users)', () => {
    expect(adminFooter().map((e) => e.href)).toEqual(['/lk', '/admin/users'])
  })

  it('the personal footer offers the settings to administrators only', () => {
    expect(lkFooter(true).map((e) => e.href)).toEqual(['/admin/users'])
    expect(lkFooter(false)).toEqual([])
  })
})

describe('active entries', () => {
  it('matches the page and the pages under it; home only itself', () => {
    expect(isActive('/admin/statuses', '/admin/statuses')).toBe(true)
    expect(isActive('/admin/statuses', '/admin/statuses/42')).toBe(true)
    expect(isActive('/admin/status', '/admin/statuses')).toBe(false)
    expect(isActive('/lk', '/lk')).toBe(true)
    expect(isActive('/lk', '/lk/profile')).toBe(false)
    expect(isActive('https://x.example/lk', '/lk')).toBe(false)
  })

  it('opens the group holding the current page', () => {
    const [, , statuses, processes] = adminMenu()
    expect(containsActive(statuses!, '/admin/progress')).toBe(true)
    expect(containsActive(processes!, '/admin/progress')).toBe(false)
  })
})

describe('menuVisibility (spec §2: no_left_menu, no_top_menu on an existing board only)', () => {
  const hideBoth = { no_left_menu: true, no_top_menu: true }

  it('shows both menus off a board page, or when the board does not exist', () => {
    expect(menuVisibility(hideBoth, null)).toEqual({ left: true, top: true })
    expect(menuVisibility(hideBoth, { exists: false })).toEqual({ left: true, top: true })
  })

  it('hides what the node asks on an existing board', () => {
    expect(menuVisibility(hideBoth, { exists: true })).toEqual({ left: false, top: false })
    expect(menuVisibility({ no_left_menu: true }, { exists: true })).toEqual({ left: false, top: true })
    expect(menuVisibility({}, { exists: true })).toEqual({ left: true, top: true })
    expect(menuVisibility(undefined, { exists: true })).toEqual({ left: true, top: true })
  })

  it("hides what the board's own settings ask", () => {
    const board = { exists: true, settings: { no_left_menu: true } }
    expect(menuVisibility({}, board)).toEqual({ left: false, top: true })
    expect(menuVisibility({ no_top_menu: true }, board)).toEqual({ left: false, top: false })
    expect(menuVisibility({}, { exists: false, settings: { no_left_menu: true } })).toEqual({
      left: true,
      top: true,
    })
  })
})
