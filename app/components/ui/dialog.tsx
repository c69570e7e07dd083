import { Link, useNavigate } from '@remix-run/react'
import { type ReactNode, useId } from 'react'
import { Heading } from 'react-aria-components/Calendar'
import { Dialog as AriaDialog } from 'react-aria-components/Dialog'
import { Modal, ModalOverlay } from 'react-aria-components/Modal'
import { useTranslation } from 'react-i18next'
import { CloseIcon } from './icons'
import { useHydrated } from './use-hydrated'

interface DialogProps {
  title: ReactNode
  /** A line under the title (whom or what the dialog is about). */
  subtitle?: ReactNode
  /** The page under the dialog: closing (the × link, Esc, a click outside) navigates there. */
  closeHref: string
  size?: 'md' | 'lg'
  children: ReactNode
  /** Extra attributes for tests and styling hooks. */
  'data-testid'?: string
}

/**
 * A modal dialog that is a route. Rendered by the server (and without JavaScript) as a panel over the
 * page that looks the same, with a close link; once hydrated, a react-aria Modal + Dialog with focus
 * containment, Esc and click-outside to close, and the page beneath hidden from assistive technology.
 * React cannot portal on the server, hence the two renderings of the same markup.
 */
export function Dialog({ title, subtitle, closeHref, size = 'md', children, ...rest }: DialogProps) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const titleId = useId()
  const header = (heading: ReactNode) => (
    <header className="dialog-header">
      <div className="dialog-heading">
        {heading}
        {subtitle ? <p className="dialog-subtitle">{subtitle}</p> : null}
      </div>
      <Link
        to={closeHref}
        preventScrollReset
        className="icon-button dialog-close"
        aria-label={t('dialog.close')}
        title={t('dialog.close')}
      >
        <CloseIcon width={16} height={16} />
      </Link>
    </header>
  )

  if (!hydrated) {
    return (
      <div className="dialog-overlay" data-static="">
        <div className={`dialog-modal dialog-${size}`}>
          <section
            className="dialog"
            role="dialog"
            aria-modal="true"
            aria-labelledby={titleId}
            data-testid={rest['data-testid']}
          >
            {header(
              <h2 className="dialog-title" id={titleId}>
                {title}
              </h2>,
            )}
            <div className="dialog-body">{children}</div>
          </section>
        </div>
      </div>
    )
  }

  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) navigate(closeHref, { preventScrollReset: true })
      }}
      className="dialog-overlay"
    >
      <Modal className={`dialog-modal dialog-${size}`}>
        <AriaDialog className="dialog" data-testid={rest['data-testid']}>
          {header(
            <Heading slot="title" className="dialog-title">
              {title}
            </Heading>,
          )}
          <div className="dialog-body">{children}</div>
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  )
}
