import type { ShouldRevalidateFunctionArgs } from '@remix-run/react'

/**
 * The board route's own data stays while only widget parameters (`w.…`) change: the widget that
 * changed refetches itself (app/components/board/widget-frame.tsx). A saved layout is the page's
 * already; a revalidation of the same address (the board changed) and anything else reload as usual.
 */
export function boardShouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formData?.get('intent') === 'layout') return false
  // The same address again: a revalidation (an administrator changed the board: live `board` frame).
  if (!formMethod && currentUrl.href === nextUrl.href) return defaultShouldRevalidate
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && onlyWidgetParamsChanged(currentUrl, nextUrl))
    return false
  return defaultShouldRevalidate
}

function onlyWidgetParamsChanged(a: URL, b: URL): boolean {
  const rest = (u: URL) =>
    [...u.searchParams]
      .filter(([k]) => !k.startsWith('w.'))
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join('&')
  return rest(a) === rest(b)
}
