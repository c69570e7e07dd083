/** Dark by default (spec §1), light available (PRODUCT.md §8). Kept in the `theme` cookie. */
export const THEMES = ['dark', 'light'] as const
export type Theme = (typeof THEMES)[number]
export const DEFAULT_THEME: Theme = 'dark'

export function isTheme(value: unknown): value is Theme {
  return value === 'dark' || value === 'light'
}
