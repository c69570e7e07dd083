import type { SubmissionResult } from '@conform-to/react'
import type { MenuDraftItem, MenuOp } from './menu-tree'
import type { Section } from './schemas'

/** What the /admin/ui action answers when it does not redirect (errors, or a menu editing step). */
export interface MenuDraft {
  items: MenuDraftItem[]
  /** Changes with every editing step, so the form is rebuilt from the new tree. */
  id: string
  /** The `base` of the menu the draft started from (see routes/admin+/__ui.server.ts). */
  base: string
  /** The item the last step was about, and the step, so the editor can put the focus back there. */
  focus: { path: string; op: MenuOp['type'] } | null
}

export interface ActionData {
  section: Section
  /** conform's reply: field and form errors, the values posted. */
  result?: SubmissionResult<string[]>
  /** The menu draft after an editing step (not saved yet), and what to focus. */
  menu?: MenuDraft
}
