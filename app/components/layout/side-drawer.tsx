import { useLocation, useRouteLoaderData } from '@remix-run/react'
import { type ReactNode, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { DEFAULT_LANGUAGE } from '~/i18n'
import { DEFAULT_THEME } from '~/lib/theme'
import type { loader as rootLoader } from '~/root'
import { LanguageSwitch } from '../preferences/language-switch'
import { ThemeSwitch } from '../preferences/theme-switch'

/*
 * Below 768 px the side menu is a drawer (PRODUCT.md §10) behind the header's menu button. It is
 * a checkbox and CSS, so it opens and closes without JavaScript; with it, the drawer also closes
 * on a navigation and on Escape. From 768 px up all of this is display: none or contents, and the
 * side menu is the ordinary sticky column.
 */

export const SIDE_DRAWER_ID = 'side-drawer'

/** The drawer's switch: first in the shell, so the header's label and the drawer follow it. */
export function SideDrawerToggle() {
  const { t } = useTranslation()
  const ref = useRef<HTMLInputElement>(null)
  const location = useLocation()
  // A link followed in the drawer closes it (the page under it is what was asked for).
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every navigation
  useEffect(() => {
    if (ref.current) ref.current.checked = false
  }, [location.pathname, location.search])
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && ref.current?.checked) {
        ref.current.checked = false
        ref.current.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])
  return (
    <input
      ref={ref}
      type="checkbox"
      id={SIDE_DRAWER_ID}
      className="side-drawer-toggle"
      aria-label={t('shell.menu_open')}
      aria-controls="side-drawer-panel"
      data-testid="side-drawer-toggle"
    />
  )
}

/** The drawer around the side menu, with the header's preferences the narrow header leaves out. */
export function SideDrawer({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>('root')
  return (
    <>
      <div className="side-drawer" id="side-drawer-panel" data-testid="side-drawer">
        {children}
        <div className="side-drawer-prefs">
          <LanguageSwitch current={root?.locale ?? DEFAULT_LANGUAGE} />
          <ThemeSwitch current={root?.theme ?? DEFAULT_THEME} />
        </div>
      </div>
      {/* A tap beside the open drawer closes it. */}
      <label htmlFor={SIDE_DRAWER_ID} className="side-drawer-backdrop" aria-hidden="true" />
    </>
  )
}
