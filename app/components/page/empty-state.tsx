import type { ReactNode } from 'react'

/** Nothing to show (yet): an icon, a line, and optionally a hint or an action. */
export function EmptyState({
  icon,
  title,
  children,
  testId,
}: {
  icon: ReactNode
  title: string
  children?: ReactNode
  testId?: string
}) {
  return (
    <section className="empty-state" data-testid={testId}>
      <span className="empty-icon">{icon}</span>
      <p className="empty-title">{title}</p>
      {children ? <div className="empty-text">{children}</div> : null}
    </section>
  )
}
