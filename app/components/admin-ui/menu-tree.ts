import { MENU_ITEMS_MAX, URL_MAX } from '@domain/nodes/settings-schema'

/*
 * The menu editor's operations (spec §2: a side menu of up to 3 levels with headings), as pure
 * functions over a draft tree. The server applies them to what a form posted (each button is an
 * intent, so the editor works without JavaScript); the browser uses the same checks to enable its
 * buttons. Paths are lists of indices from the root: [1, 0] is the first child of the second item.
 */

export const MENU_MAX_DEPTH = 3

/** An item as the form edits it: every field present, empty strings for "not set". */
export interface MenuDraftItem {
  title: string
  url: string
  icon: string
  heading: boolean
  items: MenuDraftItem[]
}

export type MenuPath = readonly number[]

export type MenuOp =
  /** A new empty item at the end of the root list (`parent` []) or of an item's children. */
  | { type: 'add'; parent: MenuPath }
  | { type: 'remove'; path: MenuPath }
  /** Swap with the previous or next sibling. */
  | { type: 'up' | 'down'; path: MenuPath }
  /** Become the last child of the previous sibling. */
  | { type: 'indent'; path: MenuPath }
  /** Leave the parent and follow it in the grandparent's list. */
  | { type: 'outdent'; path: MenuPath }

export interface MenuOpResult {
  items: MenuDraftItem[]
  /** Where the item the operation was about ended up (the editor moves focus there), if anywhere. */
  focus: MenuPath | null
}

export const emptyMenuItem = (): MenuDraftItem => ({
  title: '',
  url: '',
  icon: '',
  heading: false,
  items: [],
})

/** Levels an item occupies, itself included: 1 for an item without children. */
export function menuItemHeight(item: MenuDraftItem): number {
  return 1 + Math.max(0, ...item.items.map(menuItemHeight))
}

function listAt(items: MenuDraftItem[], parent: MenuPath): MenuDraftItem[] | undefined {
  let list: MenuDraftItem[] | undefined = items
  for (const i of parent) list = list?.[i]?.items
  return list
}

export function menuItemAt(items: MenuDraftItem[], path: MenuPath): MenuDraftItem | undefined {
  if (path.length === 0) return undefined
  return listAt(items, path.slice(0, -1))?.[path[path.length - 1]!]
}

/** A copy of the tree with the list under `parent` replaced (the rest shared, never mutated). */
function withList(
  items: MenuDraftItem[],
  parent: MenuPath,
  change: (list: MenuDraftItem[]) => MenuDraftItem[],
): MenuDraftItem[] {
  if (parent.length === 0) return change(items)
  const [head, ...rest] = parent
  return items.map((item, i) => (i === head ? { ...item, items: withList(item.items, rest, change) } : item))
}

/** The result of `op`, or null when it is not allowed (out of range, too deep, list full). */
export function applyMenuOp(items: MenuDraftItem[], op: MenuOp): MenuOpResult | null {
  if (op.type === 'add') {
    const list = listAt(items, op.parent)
    if (!list || op.parent.length >= MENU_MAX_DEPTH || list.length >= MENU_ITEMS_MAX) return null
    return {
      items: withList(items, op.parent, (l) => [...l, emptyMenuItem()]),
      focus: [...op.parent, list.length],
    }
  }

  const parent = op.path.slice(0, -1)
  const index = op.path[op.path.length - 1]
  const list = listAt(items, parent)
  const item = index === undefined ? undefined : list?.[index]
  if (!list || index === undefined || !item) return null

  switch (op.type) {
    case 'remove': {
      const next = withList(items, parent, (l) => l.filter((_, i) => i !== index))
      const left = list.length - 1
      // Focus stays near: the item that took its place, the one before, or the parent.
      const focus = left > 0 ? [...parent, Math.min(index, left - 1)] : parent.length ? parent : null
      return { items: next, focus }
    }
    case 'up':
    case 'down': {
      const other = op.type === 'up' ? index - 1 : index + 1
      if (other < 0 || other >= list.length) return null
      const next = withList(items, parent, (l) => {
        const copy = [...l]
        ;[copy[index], copy[other]] = [copy[other]!, copy[index]!]
        return copy
      })
      return { items: next, focus: [...parent, other] }
    }
    case 'indent': {
      const host = list[index - 1]
      if (!host || host.items.length >= MENU_ITEMS_MAX) return null
      // The item moves one level down, and its children with it.
      if (op.path.length + menuItemHeight(item) > MENU_MAX_DEPTH) return null
      const next = withList(items, parent, (l) =>
        l.flatMap((it, i) =>
          i === index ? [] : i === index - 1 ? [{ ...it, items: [...it.items, item] }] : [it],
        ),
      )
      return { items: next, focus: [...parent, index - 1, host.items.length] }
    }
    case 'outdent': {
      if (parent.length === 0) return null
      const grand = parent.slice(0, -1)
      const parentIndex = parent[parent.length - 1]!
      const grandList = listAt(items, grand)!
      if (grandList.length >= MENU_ITEMS_MAX) return null
      const next = withList(items, grand, (l) =>
        l.flatMap((it, i) =>
          i === parentIndex ? [{ ...it, items: it.items.filter((_, j) => j !== index) }, item] : [it],
        ),
      )
      return { items: next, focus: [...grand, parentIndex + 1] }
    }
  }
}

export const canApplyMenuOp = (items: MenuDraftItem[], op: MenuOp) => applyMenuOp(items, op) !== null

/* ---------- intents: how a button names its operation in a form post ---------- */

const INTENT = /^(add|remove|up|down|indent|outdent):((?:0|[1-9]\d{0,2})(?:\.(?:0|[1-9]\d{0,2})){0,2})?$/

/** `add:` (root), `add:0.1`, `remove:2`, `indent:0.3`… */
export function formatMenuIntent(op: MenuOp): string {
  return `${op.type}:${(op.type === 'add' ? op.parent : op.path).join('.')}`
}

export function parseMenuIntent(value: unknown): MenuOp | null {
  if (typeof value !== 'string') return null
  const m = INTENT.exec(value)
  if (!m) return null
  const path = m[2] ? m[2].split('.').map(Number) : []
  const type = m[1] as MenuOp['type']
  if (type === 'add') return { type, parent: path }
  return path.length ? { type, path } : null
}

/* ---------- drafts from what a form posted, and from the stored settings ---------- */

const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, URL_MAX) : '')
const checked = (v: unknown) => v === true || v === 'on' || v === 'true'

/**
 * A draft from a form's raw payload (conform's parse of `items[0].items[1].title`…). Lenient: an
 * item being edited may be incomplete. Bounded, whatever was posted: 3 levels, MENU_ITEMS_MAX per list.
 */
export function menuDraftFromPayload(payload: unknown, depth = 1): MenuDraftItem[] {
  if (!Array.isArray(payload) || depth > MENU_MAX_DEPTH) return []
  return payload.slice(0, MENU_ITEMS_MAX).map((raw) => {
    const o = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {}
    return {
      title: text(o.title),
      url: text(o.url),
      icon: text(o.icon),
      heading: checked(o.heading),
      items: menuDraftFromPayload(o.items, depth + 1),
    }
  })
}

/** A draft from the stored `settings.menu` (already valid). */
export function menuDraftFromSettings(menu: { items?: unknown } | null | undefined): MenuDraftItem[] {
  return menuDraftFromPayload(menu?.items)
}
