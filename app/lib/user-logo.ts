/**
 * A user's logo as the browser may load it (spec §3 user.logo): an http(s) address or the /api
 * forwarding; anything else (javascript:, data:, a bare path) is no logo.
 */
export function logoHref(logo: string | null | undefined): string | null {
  if (!logo) return null
  return /^https?:\/\//i.test(logo) || logo.startsWith('/api/') ? logo : null
}
