/*
 * Per-widget parameters ride in one query string as `w.{widgetId}.{param}` (PRODUCT.md §7), so a
 * page of a table and a day of a calendar on one board live side by side in the page's URL and in
 * the board data call alike, and work without JavaScript as plain links and GET forms.
 */

const PREFIX = 'w.'

export const widgetParam = (widgetId: string, param: string) => `${PREFIX}${widgetId}.${param}`

/** The parameters of each widget in the query string, by widget id (`filter.title` keeps its dot). */
export function widgetParamsOf(search: URLSearchParams): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>()
  for (const [key, value] of search) {
    if (!key.startsWith(PREFIX)) continue
    const rest = key.slice(PREFIX.length)
    const dot = rest.indexOf('.')
    if (dot <= 0 || dot === rest.length - 1) continue
    const id = rest.slice(0, dot)
    const params = out.get(id) ?? {}
    params[rest.slice(dot + 1)] = value
    out.set(id, params)
  }
  return out
}

/** One widget's parameters as one text (sorted), to tell whether two query strings ask it the same. */
export function widgetParamsKey(search: URLSearchParams, widgetId: string): string {
  const own = `${PREFIX}${widgetId}.`
  return [...search]
    .filter(([key]) => key.startsWith(own))
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('&')
}

/** A query string with one widget's parameters replaced (the others' kept): a link to its next page. */
export function withWidgetParams(
  search: URLSearchParams,
  widgetId: string,
  params: Record<string, string | number | null | undefined>,
  opts: { replaceAll?: boolean } = {},
): URLSearchParams {
  const next = new URLSearchParams(search)
  const own = `${PREFIX}${widgetId}.`
  if (opts.replaceAll) for (const key of [...next.keys()]) if (key.startsWith(own)) next.delete(key)
  for (const [param, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') next.delete(own + param)
    else next.set(own + param, String(value))
  }
  return next
}
