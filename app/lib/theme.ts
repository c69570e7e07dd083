/** Dark by default (spec §1), light available (PRODUCT.md §8). Kept in the `theme` cookie. */
export const THEMES = ['dark', 'light'] as const
export type Theme = (typeof THEMES)[number]
export const DEFAULT_THEME: Theme = 'dark'

export function isTheme(value: unknown): value is Theme {
  return value === 'dark' || value === 'light'
}

/** The side menu: expanded (labels) or minimised (icons). Kept in the `sidebar` cookie. */
export const SIDEBARS = ['full', 'min'] as const
export type Sidebar = (typeof SIDEBARS)[number]
export const DEFAULT_SIDEBAR: Sidebar = 'full'

export function isSidebar(value: unknown): value is Sidebar {
  return value === 'full' || value === 'min'
}
