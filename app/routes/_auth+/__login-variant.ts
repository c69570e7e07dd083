/** `?variant=service-center` on the login page: the second way in (spec §4), when the node has one. */
export const SERVICE_CENTER_VARIANT = 'service-center'

/** The login page's address for a variant, keeping where to go afterwards. */
export function variantHref(variant: 'form' | 'service-center', redirectTo: string): string {
  const params = new URLSearchParams()
  if (variant === 'service-center') params.set('variant', SERVICE_CENTER_VARIANT)
  if (redirectTo) params.set('redirectTo', redirectTo)
  const qs = params.toString()
  return qs ? `/auth/login?${qs}` : '/auth/login'
}
