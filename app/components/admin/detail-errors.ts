import type { DetailEntry } from '@domain/errors/catalogue'

/**
 * An upstream error's `detail` as conform errors (STYLE.md: "upstream 4xx details map to field
 * errors by loc"). `['body', 'fio', 'name']` is field `fio.name`, `['body', 'attributes', 1]` is
 * `attributes[1]`; an entry for a field the form does not have lands on the nearest one it has
 * (`attributes`), or else above the form. `fields` are conform's constraint names, where a list's
 * items are `rows[]` and `rows[].from`: `['body', 'rows', 2, 'from']` is `rows[2].from`, while
 * `['body', 'ids', 2]` stays with the list, `ids` (a tag field is one input for the whole list). Codes are
 * kept as they are: the page translates them.
 */
export function detailErrors(
  detail: DetailEntry[],
  fields: readonly string[],
): { fieldErrors: Record<string, string[]>; formErrors: string[] } {
  const known = new Set(fields)
  const fieldErrors: Record<string, string[]> = {}
  const formErrors: string[] = []
  for (const entry of detail) {
    const field = entry.loc?.[0] === 'body' ? nearestField(entry.loc.slice(1), known) : undefined
    if (field) fieldErrors[field] = [...(fieldErrors[field] ?? []), entry.type]
    else formErrors.push(entry.type)
  }
  return { fieldErrors, formErrors: [...new Set(formErrors)] }
}

function nearestField(path: (string | number)[], known: Set<string>): string | undefined {
  for (let n = path.length; n > 0; n--) {
    const name = conformName(path.slice(0, n))
    if (known.has(name) || (!name.endsWith(']') && known.has(name.replace(/\[\d+\]/g, '[]')))) return name
  }
  return undefined
}

/** conform's name for a path: dots between keys, brackets around indexes. */
export function conformName(path: (string | number)[]): string {
  return path.reduce<string>(
    (name, key) => (typeof key === 'number' ? `${name}[${key}]` : name ? `${name}.${key}` : key),
    '',
  )
}
