import { Link, Outlet, useRouteLoaderData } from '@remix-run/react'
import { LanguageSwitch } from '~/components/preferences/language-switch'
import { ThemeSwitch } from '~/components/preferences/theme-switch'
import { LogoMark } from '~/components/ui/icons'
import { DEFAULT_LANGUAGE } from '~/i18n'
import { DEFAULT_THEME } from '~/lib/theme'
import type { loader as rootLoader } from '~/root'

/** The public sign-in pages: a centred card under a bar with the language and theme switches. */
export default function AuthLayout() {
  const root = useRouteLoaderData<typeof rootLoader>('root')
  return (
    <div className="auth-shell">
      <header className="auth-topbar">
        <Link to="/lk" className="brand">
          <LogoMark />
          <span>Nodus</span>
        </Link>
        <div className="preferences">
          <LanguageSwitch current={root?.locale ?? DEFAULT_LANGUAGE} />
          <ThemeSwitch current={root?.theme ?? DEFAULT_THEME} />
        </div>
      </header>
      <main className="auth-main" id="main">
        <Outlet />
      </main>
    </div>
  )
}
