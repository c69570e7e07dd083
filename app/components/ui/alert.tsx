import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { ToastType } from '~/lib/toast'
import { ALERT_ICONS, CloseIcon } from './icons'

interface AlertProps {
  type: ToastType
  children: ReactNode
  onClose?: () => void
  id?: string
}

/** One alert of spec §4: a type, its icon, a message. Danger and warning interrupt; the others wait. */
export function Alert({ type, children, onClose, id }: AlertProps) {
  const { t } = useTranslation()
  const Icon = ALERT_ICONS[type]
  return (
    <div
      className={`alert alert-${type}`}
      role={type === 'danger' || type === 'warning' ? 'alert' : 'status'}
      id={id}
      data-alert={type}
    >
      <Icon className="alert-icon" width={18} height={18} />
      <span className="visually-hidden">{t(`alerts.type.${type}`)}: </span>
      <div className="alert-text">{children}</div>
      {onClose ? (
        <button type="button" className="alert-close" onClick={onClose} aria-label={t('alerts.close')}>
          <CloseIcon width={14} height={14} />
        </button>
      ) : null}
    </div>
  )
}
