import { MENU_ITEMS_MAX } from '@domain/nodes/settings-schema'
import { describe, expect, it } from 'vitest'
import {
  applyMenuOp,
  emptyMenuItem,
  formatMenuIntent,
  type MenuDraftItem,
  type MenuOp,
  menuDraftFromPayload,
  menuItemHeight,
  parseMenuIntent,
} from './menu-tree'

/** A tree written as nested arrays of titles: ['A', ['B', ['C']]] is A > B > C. */
type Spec = (string | Spec)[]
function tree(spec: Spec): MenuDraftItem[] {
  const out: MenuDraftItem[] = []
  for (const s of spec) {
    if (typeof s === 'string') out.push({ ...emptyMenuItem(), title: s })
    else out[out.length - 1]!.items = tree(s)
  }
  return out
}
function spec(items: MenuDraftItem[]): Spec {
  return items.flatMap((i) => (i.items.length ? [i.title || '∅', spec(i.items)] : [i.title || '∅']))
}

const flat = tree(['A', 'B', 'C'])
const deep = tree(['A', ['B', ['C']], 'D'])

// [name, tree, operation, expected tree (null: refused), expected focus]
const cases: [string, MenuDraftItem[], MenuOp, Spec | null, number[] | null][] = [
  ['add to an empty menu', [], { type: 'add', parent: [] }, ['∅'], [0]],
  ['add at the root', flat, { type: 'add', parent: [] }, ['A', 'B', 'C', '∅'], [3]],
  ['add a child (level 2)', flat, { type: 'add', parent: [1] }, ['A', 'B', ['∅'], 'C'], [1, 0]],
  [
    'add a grandchild (level 3)',
    deep,
    { type: 'add', parent: [0, 0] },
    ['A', ['B', ['C', '∅']], 'D'],
    [0, 0, 1],
  ],
  ['no level 4', deep, { type: 'add', parent: [0, 0, 0] }, null, null],
  ['add under a missing item', flat, { type: 'add', parent: [7] }, null, null],
  ['remove a root item', flat, { type: 'remove', path: [1] }, ['A', 'C'], [1]],
  ['remove the last item focuses the one before', flat, { type: 'remove', path: [2] }, ['A', 'B'], [1]],
  [
    'remove an only child focuses the parent',
    deep,
    { type: 'remove', path: [0, 0, 0] },
    ['A', ['B'], 'D'],
    [0, 0],
  ],
  ['remove takes the children along', deep, { type: 'remove', path: [0] }, ['D'], [0]],
  ['remove the only item', tree(['A']), { type: 'remove', path: [0] }, [], null],
  ['remove a missing item', flat, { type: 'remove', path: [3] }, null, null],
  ['move up', flat, { type: 'up', path: [2] }, ['A', 'C', 'B'], [1]],
  ['move up the first: refused', flat, { type: 'up', path: [0] }, null, null],
  ['move down', flat, { type: 'down', path: [0] }, ['B', 'A', 'C'], [1]],
  ['move down the last: refused', flat, { type: 'down', path: [2] }, null, null],
  [
    'move within a submenu',
    tree(['A', ['B', 'C']]),
    { type: 'down', path: [0, 0] },
    ['A', ['C', 'B']],
    [0, 1],
  ],
  ['move carries the children', deep, { type: 'down', path: [0] }, ['D', 'A', ['B', ['C']]], [1]],
  ['nest into the item above', flat, { type: 'indent', path: [1] }, ['A', ['B'], 'C'], [0, 0]],
  [
    'nest goes last among its children',
    tree(['A', ['X'], 'B']),
    { type: 'indent', path: [1] },
    ['A', ['X', 'B']],
    [0, 1],
  ],
  [
    'nest to level 3',
    tree(['A', ['B', 'C']]),
    { type: 'indent', path: [0, 1] },
    ['A', ['B', ['C']]],
    [0, 0, 0],
  ],
  ['nest the first: refused (nothing above)', flat, { type: 'indent', path: [0] }, null, null],
  ['nest past level 3: refused', deep, { type: 'indent', path: [0, 0, 0] }, null, null],
  [
    'nest a 2-level item to level 3: refused',
    tree(['A', ['X'], 'B', ['C', ['D']]]),
    { type: 'indent', path: [1, 0] },
    null,
    null,
  ],
  [
    'nest a subtree that still fits',
    tree(['A', 'B', ['C']]),
    { type: 'indent', path: [1] },
    ['A', ['B', ['C']]],
    [0, 0],
  ],
  ['move out a level', deep, { type: 'outdent', path: [0, 0] }, ['A', 'B', ['C'], 'D'], [1]],
  ['move out of level 3', deep, { type: 'outdent', path: [0, 0, 0] }, ['A', ['B', 'C'], 'D'], [0, 1]],
  ['move out from the root: refused', flat, { type: 'outdent', path: [0] }, null, null],
  [
    'move out keeps later siblings under the parent',
    tree(['A', ['B', 'C'], 'D']),
    { type: 'outdent', path: [0, 0] },
    ['A', ['C'], 'B', 'D'],
    [1],
  ],
]

describe('applyMenuOp', () => {
  it.each(cases)('%s', (_, items, op, expected, focus) => {
    const before = JSON.stringify(items)
    const result = applyMenuOp(items, op)
    expect(JSON.stringify(items), 'the input is never changed').toBe(before)
    if (expected === null) return expect(result).toBeNull()
    expect(result && spec(result.items)).toEqual(expected)
    expect(result?.focus ?? null).toEqual(focus)
  })

  it('keeps every level within MENU_ITEMS_MAX', () => {
    const full = Array.from({ length: MENU_ITEMS_MAX }, (_, i) => ({ ...emptyMenuItem(), title: `${i}` }))
    expect(applyMenuOp(full, { type: 'add', parent: [] })).toBeNull()
    const nested = [
      { ...emptyMenuItem(), title: 'P', items: full },
      { ...emptyMenuItem(), title: 'Q' },
    ]
    expect(applyMenuOp(nested, { type: 'indent', path: [1] })).toBeNull()
    expect(
      applyMenuOp([...full.slice(1), nested[0]!], { type: 'outdent', path: [MENU_ITEMS_MAX - 1, 0] }),
    ).toBeNull()
  })

  it('keeps the fields of moved items', () => {
    const items = tree(['A', 'B'])
    items[1] = { ...items[1]!, url: '/lk', icon: 'mdi-home', heading: true }
    const r = applyMenuOp(items, { type: 'indent', path: [1] })!
    expect(r.items[0]!.items[0]).toEqual({
      title: 'B',
      url: '/lk',
      icon: 'mdi-home',
      heading: true,
      items: [],
    })
  })
})

describe('menuItemHeight', () => {
  it.each([
    [tree(['A'])[0]!, 1],
    [tree(['A', ['B']])[0]!, 2],
    [deep[0]!, 3],
  ])('%#', (item, h) => expect(menuItemHeight(item)).toBe(h))
})

describe('intents', () => {
  it.each([
    ['add:', { type: 'add', parent: [] }],
    ['add:0.1', { type: 'add', parent: [0, 1] }],
    ['remove:2', { type: 'remove', path: [2] }],
    ['up:0.0.3', { type: 'up', path: [0, 0, 3] }],
    ['indent:10', { type: 'indent', path: [10] }],
    ['outdent:1.2', { type: 'outdent', path: [1, 2] }],
  ] as const)('%s', (value, op) => {
    expect(parseMenuIntent(value)).toEqual(op)
    expect(formatMenuIntent(op as MenuOp)).toBe(value)
  })

  it.each([
    'remove:',
    'up',
    'drop:1',
    'add:0.0.0.0',
    'remove:-1',
    'remove:01',
    'remove:1.',
    'remove:1e3',
    ' remove:1',
    'remove:1000',
    null,
    7,
  ])('refuses %j', (value) => expect(parseMenuIntent(value)).toBeNull())
})

describe('menuDraftFromPayload', () => {
  it('reads what conform parsed, with defaults for the missing fields', () => {
    expect(
      menuDraftFromPayload([
        { title: 'A', url: '/lk', heading: 'on', items: [{ title: 'B', icon: 'x' }] },
        { title: 'C' },
      ]),
    ).toEqual([
      {
        title: 'A',
        url: '/lk',
        icon: '',
        heading: true,
        items: [{ title: 'B', url: '', icon: 'x', heading: false, items: [] }],
      },
      { title: 'C', url: '', icon: '', heading: false, items: [] },
    ])
  })

  it('bounds what it keeps: 3 levels, MENU_ITEMS_MAX per list, strings only', () => {
    const four = [{ title: 'a', items: [{ title: 'b', items: [{ title: 'c', items: [{ title: 'd' }] }] }] }]
    expect(spec(menuDraftFromPayload(four))).toEqual(['a', ['b', ['c']]])
    expect(menuDraftFromPayload(Array.from({ length: 80 }, () => ({ title: 'x' })))).toHaveLength(
      MENU_ITEMS_MAX,
    )
    expect(menuDraftFromPayload([{ title: { evil: 1 }, items: 'nope' }, null])).toEqual([
      emptyMenuItem(),
      emptyMenuItem(),
    ])
    expect(menuDraftFromPayload('x')).toEqual([])
  })
})
