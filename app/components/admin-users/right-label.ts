import type { TFunction } from 'i18next'

/** A right's name in the page's language; a code this build does not know shows as itself. */
export function rightLabel(t: TFunction, code: string): string {
  return t(`right.${code}`, { ns: 'admin-users', defaultValue: code })
}
