import type { DetailEntry } from '@domain/errors/catalogue'

/**
 * An upstream 4xx answer's `detail` as a form's errors (STYLE.md §2: "upstream 4xx details map to
 * field errors by their loc"): an entry at `["body", "fio", "name"]` belongs to the field
 * `fio.name` when the form has it; every other entry is a form error. Codes stay codes: the page
 * translates them.
 */
export function detailErrors(
  detail: DetailEntry[],
  fields: readonly string[],
): { fieldErrors: Record<string, string[]>; formErrors: string[] } {
  const known = new Set(fields)
  const fieldErrors: Record<string, string[]> = {}
  const formErrors: string[] = []
  for (const d of detail) {
    const loc = d.loc ?? []
    const name = loc[0] === 'body' ? loc.slice(1).join('.') : ''
    if (name && known.has(name)) fieldErrors[name] = [...(fieldErrors[name] ?? []), d.type]
    else formErrors.push(d.type)
  }
  return { fieldErrors, formErrors }
}
