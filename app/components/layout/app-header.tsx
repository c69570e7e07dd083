import { Form, Link, useRouteLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { DEFAULT_LANGUAGE } from '~/i18n'
import { routes } from '~/lib/routes'
import { DEFAULT_THEME } from '~/lib/theme'
import type { loader as rootLoader } from '~/root'
import { CsrfInput } from '../csrf-input'
import { LanguageSwitch } from '../preferences/language-switch'
import { ThemeSwitch } from '../preferences/theme-switch'
import { Button } from '../ui/button'
import { LogOutIcon, LogoMark } from '../ui/icons'

function initials(fullName: string, fallback: string): string {
  const parts = fullName.split(/\s+/).filter(Boolean)
  const letters = parts.length >= 2 ? `${parts[0]![0]}${parts[1]![0]}` : (parts[0] ?? fallback).slice(0, 2)
  return letters.toUpperCase()
}

interface AppHeaderProps {
  user: { full_name: string; user_name: string }
  node: string
}

/**
 * The top bar of the personal area. Minimal for now (the menus of spec §2 come with the layout
 * issue): the node, who is signed in, language, theme and sign-out — all plain forms.
 */
export function AppHeader({ user, node }: AppHeaderProps) {
  const { t } = useTranslation()
  const root = useRouteLoaderData<typeof rootLoader>('root')
  const name = user.full_name || user.user_name
  return (
    <header className="app-header">
      <Link to={routes.home()} className="brand">
        <LogoMark width={24} height={24} />
        <span>Nodus</span>
        <span className="node-badge">{node}</span>
      </Link>
      <div className="preferences">
        <LanguageSwitch current={root?.locale ?? DEFAULT_LANGUAGE} />
        <ThemeSwitch current={root?.theme ?? DEFAULT_THEME} />
      </div>
      <span className="header-divider" aria-hidden="true" />
      <span className="user-chip" data-testid="current-user">
        <span className="avatar" aria-hidden="true">
          {initials(user.full_name, user.user_name)}
        </span>
        <span className="user-name">{name}</span>
      </span>
      <Form method="post" action={routes.logout()}>
        <CsrfInput />
        <Button type="submit" variant="ghost" size="sm">
          <LogOutIcon width={15} height={15} />
          {t('auth.logout')}
        </Button>
      </Form>
    </header>
  )
}
