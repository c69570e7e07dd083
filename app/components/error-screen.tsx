import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { routes } from '~/lib/routes'
import { CompassIcon, LockIcon, LogoMark, ServerIcon } from './ui/icons'

const ICONS = { compass: CompassIcon, lock: LockIcon, server: ServerIcon }

interface ErrorScreenProps {
  icon: keyof typeof ICONS
  code?: string
  title: string
  children: ReactNode
  action?: { to: string; label: string; reloadDocument?: boolean }
}

/** A full-page message: the error pages of spec §2 and the root error boundary. */
export function ErrorScreen({ icon, code, title, children, action }: ErrorScreenProps) {
  const Icon = ICONS[icon]
  return (
    <div className="error-screen">
      <header className="error-topbar">
        <a href={routes.home()} className="brand">
          <LogoMark />
          <span>Nodus</span>
        </a>
      </header>
      <main className="error-main" id="main">
        <div className="error-card">
          <div className="error-icon">
            <Icon width={22} height={22} />
          </div>
          {code ? <p className="error-code">{code}</p> : null}
          <h1 className="error-title">{title}</h1>
          <div className="error-text">{children}</div>
          {action ? (
            <Link to={action.to} className="button button-primary" reloadDocument={action.reloadDocument}>
              {action.label}
            </Link>
          ) : null}
        </div>
      </main>
    </div>
  )
}
