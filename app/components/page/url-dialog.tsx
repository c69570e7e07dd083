import { Link, useNavigate } from '@remix-run/react'
import { type ReactNode, useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { CloseIcon } from '../ui/icons'

/**
 * A modal dialog opened by the URL (`?edit=new`), so that the server renders it and it works
 * without JavaScript: closing is a link back to the page. With JavaScript, focus moves into it and
 * Escape closes it.
 */
export function UrlDialog({
  title,
  closeTo,
  children,
}: {
  title: string
  closeTo: string
  children: ReactNode
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const navigate = useNavigate()
  const panel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    panel.current?.focus()
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') navigate(closeTo, { preventScrollReset: true })
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [closeTo, navigate])
  return (
    <div className="dialog-backdrop">
      <div
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        ref={panel}
      >
        <div className="dialog-head">
          <h2 className="dialog-title" id={titleId}>
            {title}
          </h2>
          <Link to={closeTo} className="icon-button" aria-label={t('shell.close')} preventScrollReset>
            <CloseIcon width={14} height={14} />
          </Link>
        </div>
        <div className="dialog-body">{children}</div>
      </div>
    </div>
  )
}
