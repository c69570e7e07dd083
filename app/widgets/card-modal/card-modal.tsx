import { Link } from '@remix-run/react'
import { Button } from 'react-aria-components/Button'
import { Heading } from 'react-aria-components/Calendar'
import { Dialog } from 'react-aria-components/Dialog'
import { Modal, ModalOverlay } from 'react-aria-components/Modal'
import { useTranslation } from 'react-i18next'
import { StatusDot } from '~/components/admin-workflow/status-dot'
import { CloseIcon, ExternalIcon } from '~/components/ui/icons'
import { routes } from '~/lib/routes'
import type { CardView } from './card-view'
import type { CardState } from './use-card'

interface CardModalProps {
  state: CardState
  onClose: () => void
}

/**
 * The card modal (spec §2 Widgets: title, subtitle, status, read-only fields and a button to the
 * task card). react-aria's Modal and Dialog keep the focus inside, close on Escape or a click
 * outside, and hide the page beneath from assistive technology.
 */
export function CardModal({ state, onClose }: CardModalProps) {
  const { t } = useTranslation()
  const card = state.state === 'ready' ? state.answer.card : undefined
  const error = state.state === 'ready' ? state.answer.error : undefined
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      className="dialog-overlay"
    >
      <Modal className="dialog-modal dialog-md">
        <Dialog className="dialog card-modal" data-testid="card-modal" aria-busy={!card && !error}>
          <header className="dialog-header">
            <div className="dialog-heading">
              <Heading slot="title" className="dialog-title" data-testid="card-modal-title">
                {card ? card.title : error ? t('widget.card.unavailable') : t('board.loading')}
              </Heading>
              {card?.subtitle ? (
                <p className="dialog-subtitle" data-testid="card-modal-subtitle">
                  {card.subtitle}
                </p>
              ) : null}
            </div>
            <Button
              slot="close"
              className="icon-button dialog-close"
              aria-label={t('dialog.close')}
              data-testid="card-modal-close"
            >
              <CloseIcon width={16} height={16} />
            </Button>
          </header>
          <div className="dialog-body">
            {card ? (
              <CardBody card={card} />
            ) : error ? (
              <p className="card-modal-error" role="alert" data-testid="card-modal-error">
                {t(error, { defaultValue: t('widget.card.unavailable') })}
              </p>
            ) : (
              <div className="board-widget-loading" role="status">
                <span className="board-spinner" aria-hidden="true" />
                <span className="visually-hidden">{t('board.loading')}</span>
              </div>
            )}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}

function CardBody({ card }: { card: CardView }) {
  const { t } = useTranslation()
  return (
    <>
      <dl className="card-modal-fields">
        <div className="card-modal-field">
          <dt>{t('fields.system.key')}</dt>
          <dd className="wt-key">{card.key}</dd>
        </div>
        <div className="card-modal-field">
          <dt>{t('fields.system.status')}</dt>
          <dd data-testid="card-modal-status">
            {card.status ? (
              <span className="status-name">
                <StatusDot color={card.status.color} />
                {card.status.name}
              </span>
            ) : (
              '—'
            )}
          </dd>
        </div>
        {card.fields.map((f) => (
          <div key={f.name} className="card-modal-field" data-testid="card-modal-field" data-field={f.name}>
            <dt>{t(f.title, { defaultValue: f.title })}</dt>
            <dd>{f.text || '—'}</dd>
          </div>
        ))}
      </dl>
      <footer className="card-modal-actions">
        <Link
          to={routes.TaskCard(card.process_key, card.key)}
          className="button button-primary"
          data-testid="card-modal-open"
        >
          <ExternalIcon width={15} height={15} aria-hidden="true" />
          {t('widget.card.open')}
        </Link>
      </footer>
    </>
  )
}
