/**
 * A table cell's value as text. The board's loader formats values by their field type on the
 * server (table/present.server.ts); this only turns what is left into text: a reference (user,
 * status, process) by its name, a list joined, yes/no words through `t`.
 */
export function cellText(value: unknown, t: (key: string) => string): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  if (typeof value === 'boolean') return t(value ? 'fields.yes' : 'fields.no')
  if (Array.isArray(value))
    return value
      .map((v) => cellText(v, t))
      .filter(Boolean)
      .join(', ')
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>
    for (const k of ['full_name', 'name', 'title', 'key', 'text', 'value'])
      if (typeof o[k] === 'string' || typeof o[k] === 'number') return String(o[k])
    if ('key' in o && typeof o.key === 'string') return o.key
  }
  return JSON.stringify(value)
}
