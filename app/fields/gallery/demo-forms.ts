import type { FieldDefinition } from '@domain/fields/types'
import type { FormDescription } from '../form/description'

/*
 * The gallery's generic-form demos, shared by the page and its action: the same definitions and
 * description, so the browser and the server check with the same schema (formSchemaOf).
 */

const field = (
  name: string,
  type: FieldDefinition['type'],
  title: string,
  settings = {},
): FieldDefinition => ({
  name,
  type,
  title: `fields.gallery.field.${title}`,
  settings,
})

export const DEMO_DEFINITIONS: FieldDefinition[] = [
  field('cf_name', 'text', 'name', { required: true, max_length: 40 }),
  field('cf_email', 'email', 'email', { required: true }),
  field('cf_count', 'number', 'count'),
  field('cf_phone', 'phone', 'phone'),
  field('cf_due', 'date', 'due'),
  field('cf_kind', 'select', 'kind', {
    options: ['bug', 'feature', 'question'].map((v) => ({ title: `fields.gallery.option.${v}`, value: v })),
  }),
  field('cf_note', 'textarea', 'note', { max_length: 500 }),
  field('cf_title', 'text_copy', 'title', { default: 'NOD-42' }),
  {
    ...field('cf_agree', 'checkbox', 'name', { required: true, link: '/admin/fields/gallery#terms' }),
    title: 'fields.gallery.agreement',
  },
]

export const DEMO_FORMS = {
  simple: {
    layout: 'simple',
    fields: [
      { name: 'cf_name', grid: 6 },
      { name: 'cf_email', grid: 6 },
      { name: 'cf_count', grid: 4 },
      { name: 'cf_phone', grid: 4 },
      { name: 'cf_due', grid: 4 },
      { name: 'cf_kind', grid: 6 },
      { name: 'cf_title', grid: 6 },
      { name: 'cf_note' },
      { name: 'cf_agree' },
    ],
    // cf_title is shown but not editable: read-only, and left out of the schema.
    editable: ['cf_name', 'cf_email', 'cf_count', 'cf_phone', 'cf_due', 'cf_kind', 'cf_note', 'cf_agree'],
  },
  tabs: {
    layout: 'tabs',
    tabs: [
      { key: 'general', title: 'fields.gallery.tab.general' },
      { key: 'contacts', title: 'fields.gallery.tab.contacts' },
      { key: 'details', title: 'fields.gallery.tab.details' },
    ],
    fields: [
      { name: 'cf_name', tab: 'general', grid: 8 },
      { name: 'cf_kind', tab: 'general', grid: 4 },
      { name: 'cf_email', tab: 'contacts', grid: 6 },
      { name: 'cf_phone', tab: 'contacts', grid: 6 },
      { name: 'cf_note', tab: 'details' },
    ],
  },
} satisfies Record<string, FormDescription>

export type DemoForm = keyof typeof DEMO_FORMS
export const isDemoForm = (v: unknown): v is DemoForm => v === 'simple' || v === 'tabs'
