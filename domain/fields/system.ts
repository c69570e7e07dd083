import type { FieldDefinition, FieldSettings, FieldType } from './types'

/*
 * Fields every node has (PRODUCT.md §5): marked 'System field', never deleted, stored on the task
 * itself rather than under custom_fields. Status, assignee, author and process are selects whose
 * options are data (spec §3 select options); the server resolves their ids.
 */

const system = (name: string, type: FieldType, settings: FieldSettings = {}): FieldDefinition => ({
  name,
  type,
  title: `fields.system.${name}`,
  settings,
  system: true,
})

export const SYSTEM_FIELDS: readonly FieldDefinition[] = [
  system('title', 'text', { required: true, max_length: 255 }),
  system('description', 'editor', { max_length: 100_000 }),
  system('status', 'select', { source: 'statuses' }),
  system('assignee', 'select', { source: 'users' }),
  system('author', 'select', { source: 'users' }),
  system('process', 'select', { source: 'processes', required: true }),
  system('created_at', 'datetime'),
  system('updated_at', 'datetime'),
  system('attachments', 'file', { multiple: true }),
]

export const isSystemFieldName = (name: string) => SYSTEM_FIELDS.some((f) => f.name === name)
