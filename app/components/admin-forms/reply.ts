import type { SubmissionResult } from '@conform-to/react'
import type { FieldDefinition } from '@domain/fields/types'
import type { Draft } from './draft'

/** What the form editor's action answers when it does not redirect (JS off: every step). */
export interface FormEditorReply {
  /** A new one per answer: the editor starts again from `draft`. */
  rev: string
  draft: Draft
  /** Errors of the check before saving, or of the upstream, by input name. */
  errors?: Record<string, string[]>
  formErrors?: string[]
  /** The preview's own check (the generic form's schema) after it was submitted. */
  preview?: SubmissionResult<string[]>
  previewPassed?: boolean
}

/** What the Add and Editing dialogs' loaders give the editor. */
export interface FormEditorData {
  /** The node's fields (system and custom), as definitions: what the form may place. */
  definitions: FieldDefinition[]
  draft: Draft
  version: number | null
}
