import type { FieldDefinition } from './types'

/*
 * Which custom fields an administrator may mark "indexed" (issue 28): those holding one value that
 * a b-tree orders — not a list (a multiple select, rows of a json field), not a composite, not a
 * file or a rich text, nor a type never filtered. The upstream indexes the value
 * (services/field-indexes.ts) and the query compiler reads it through that index.
 */
const NEVER = new Set<string>(['json', 'address', 'file', 'editor', 'password', 'qrcode'])

export const indexableField = (d: Pick<FieldDefinition, 'type' | 'settings' | 'structure'>) =>
  !NEVER.has(d.type) && d.settings.multiple !== true && !d.structure?.length
