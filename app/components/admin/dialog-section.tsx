import type { ReactNode } from 'react'

/** A titled part of an Editing dialog (profile, rights, members…), ruled off from the one before. */
export function DialogSection({
  title,
  hint,
  children,
}: {
  title: string
  hint?: string
  children: ReactNode
}) {
  return (
    <section className="dialog-section">
      <header className="dialog-section-header">
        <h3 className="dialog-section-title">{title}</h3>
        {hint ? <p className="dialog-section-hint">{hint}</p> : null}
      </header>
      {children}
    </section>
  )
}
