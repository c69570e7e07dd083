import { safeHref } from '@domain/fields/rich-text'
import type { ReactNode } from 'react'
import { Svg } from '~/components/ui/icons'

/*
 * The editor's formatting commands: the browser's own editing commands (document.execCommand,
 * which every browser still implements for contenteditable) — no editor package. What they leave
 * behind is cleaned by domain/fields/rich-text.ts before it is posted.
 */

export type CommandId = 'bold' | 'italic' | 'underline' | 'bullets' | 'numbers' | 'link' | 'clear'

export interface Command {
  id: CommandId
  /** fields.editor.<id> */
  label: string
  /** The letter of its Ctrl/Cmd shortcut. */
  key?: 'b' | 'i' | 'u'
  /** A toggle shows whether the selection has it (aria-pressed); clear is an action. */
  toggle: boolean
  icon: ReactNode
}

const text = (s: string, style?: object) => (
  <span aria-hidden="true" className="ff-editor-glyph" style={style}>
    {s}
  </span>
)

export const COMMANDS: readonly Command[] = [
  { id: 'bold', label: 'fields.editor.bold', key: 'b', toggle: true, icon: text('B', { fontWeight: 700 }) },
  {
    id: 'italic',
    label: 'fields.editor.italic',
    key: 'i',
    toggle: true,
    icon: text('I', { fontStyle: 'italic' }),
  },
  {
    id: 'underline',
    label: 'fields.editor.underline',
    key: 'u',
    toggle: true,
    icon: text('U', { textDecoration: 'underline' }),
  },
  {
    id: 'bullets',
    label: 'fields.editor.bullets',
    toggle: true,
    icon: (
      <Svg>
        <path d="M9 6h11M9 12h11M9 18h11" />
        <circle cx="4.5" cy="6" r="1" />
        <circle cx="4.5" cy="12" r="1" />
        <circle cx="4.5" cy="18" r="1" />
      </Svg>
    ),
  },
  {
    id: 'numbers',
    label: 'fields.editor.numbers',
    toggle: true,
    icon: (
      <Svg>
        <path d="M10 6h10M10 12h10M10 18h10M4 4.5 5.5 4v5M3.5 14.5a1.5 1.5 0 1 1 2.5 1L3.5 19H6" />
      </Svg>
    ),
  },
  {
    id: 'link',
    label: 'fields.editor.link',
    toggle: true,
    icon: (
      <Svg>
        <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
        <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
      </Svg>
    ),
  },
  {
    id: 'clear',
    label: 'fields.editor.clear_formatting',
    toggle: false,
    icon: (
      <Svg>
        <path d="M6 5h12M12 5l-3 14M4 20l16-16" />
      </Svg>
    ),
  },
]

const NATIVE: Partial<Record<CommandId, string>> = {
  bold: 'bold',
  italic: 'italic',
  underline: 'underline',
  bullets: 'insertUnorderedList',
  numbers: 'insertOrderedList',
}

/** document.execCommand where there is one (jsdom has none worth calling). */
export function exec(command: string, value?: string): boolean {
  if (typeof document.execCommand !== 'function') return false
  try {
    return document.execCommand(command, false, value)
  } catch {
    return false
  }
}

/** The link around the selection, inside `region`. */
export function linkAtSelection(region: HTMLElement): HTMLAnchorElement | null {
  const node = document.getSelection()?.anchorNode ?? null
  const el = node instanceof Element ? node : (node?.parentElement ?? null)
  const a = el?.closest('a') ?? null
  return a && region.contains(a) ? a : null
}

/** Which toggles the selection has, when it lies in `region`. */
export function activeOf(region: HTMLElement): Set<CommandId> {
  const active = new Set<CommandId>()
  const node = document.getSelection()?.anchorNode
  if (!node || !region.contains(node)) return active
  for (const [id, native] of Object.entries(NATIVE)) {
    try {
      if (typeof document.queryCommandState === 'function' && document.queryCommandState(native))
        active.add(id as CommandId)
    } catch {
      // a browser without the command: not active
    }
  }
  if (linkAtSelection(region)) active.add('link')
  return active
}

/** What the user typed as a link, as a safe href: bare addresses get https:// or mailto:. */
export function hrefOfInput(input: string): string | null {
  const s = input.trim()
  if (!s) return null
  if (/^[a-z][a-z0-9+.-]*:/i.test(s)) return safeHref(s)
  return safeHref(/^[^\s@/]+@[^\s@/]+$/.test(s) ? `mailto:${s}` : `https://${s}`)
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * Runs `id` on the selection. The link asks for its address (`ask`): an empty answer removes the
 * link, an unsafe one does nothing.
 */
export function run(id: CommandId, region: HTMLElement, ask: (current: string) => string | null) {
  const native = NATIVE[id]
  if (native) return void exec(native)
  if (id === 'clear') {
    exec('removeFormat')
    exec('unlink')
    return
  }
  const current = linkAtSelection(region)?.getAttribute('href') ?? ''
  const answer = ask(current || 'https://')
  if (answer === null) return
  if (answer.trim() === '' || answer.trim() === 'https://') return void exec('unlink')
  const href = hrefOfInput(answer)
  if (!href) return
  if (document.getSelection()?.isCollapsed && !current)
    exec('insertHTML', `<a href="${escapeHtml(href)}">${escapeHtml(answer.trim())}</a>`)
  else exec('createLink', href)
}

/** Plain text pasted: escaped, its lines kept apart. */
export const textToHtml = (s: string) => escapeHtml(s).replace(/\r?\n/g, '<br>')
