import type { FieldDefinition, FieldOption } from '@domain/fields/types'

/** A choice as a select or radio group shows it. */
export interface ChoiceOption {
  value: string
  label: string
}

type Row = Record<string, unknown>

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '')

/**
 * How rows of data become options (spec §3 select options): statuses by name and id, assignee and
 * author (users) by full name and id, processes and teams by name and id; a definition's own
 * options by title and value.
 */
const BY_SOURCE: Record<string, (row: Row) => ChoiceOption> = {
  statuses: (s) => ({ value: text(s.id), label: text(s.name) }),
  users: (u) => ({ value: text(u.id), label: text(u.full_name) }),
  processes: (p) => ({ value: text(p.id), label: text(p.name) }),
  teams: (t) => ({ value: text(t.id), label: text(t.name) }),
}

export const genericOption = (o: FieldOption): ChoiceOption => ({ value: text(o.value), label: o.title })

/** Rows of a data source as options; rows without an id are left out. */
export function optionsFromRows(source: string, rows: readonly Row[]): ChoiceOption[] {
  const map = BY_SOURCE[source] ?? ((r: Row) => ({ value: text(r.value), label: text(r.title) }))
  return rows.map(map).filter((o) => o.value !== '')
}

/** A field's options: loaded data when given, else the definition's own (titles may be i18n keys). */
export function optionsOf(
  def: FieldDefinition,
  given: readonly ChoiceOption[] | undefined,
  t: (key: string) => string,
): readonly ChoiceOption[] {
  if (given) return given
  return (def.settings.options ?? []).map((o) => {
    const option = genericOption(o)
    return { ...option, label: t(option.label) }
  })
}
