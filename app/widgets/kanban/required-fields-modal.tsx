import type { KanbanData } from '@domain/widgets/kinds/kanban'
import { type FormEvent, useState } from 'react'
import { Button } from 'react-aria-components/Button'
import { Heading } from 'react-aria-components/Calendar'
import { Dialog } from 'react-aria-components/Dialog'
import { Modal, ModalOverlay } from 'react-aria-components/Modal'
import { useTranslation } from 'react-i18next'
import { CloseIcon } from '~/components/ui/icons'
import type { Asking } from './use-kanban-move'

type Field = KanbanData['required_fields'][number]

/** A select's or radio's options as the field's settings hold them. */
const optionsOf = (f: Field) =>
  Array.isArray(f.settings.options)
    ? (f.settings.options as { title?: unknown; value?: unknown }[]).map((o) => ({
        value: String(o.value ?? ''),
        title: String(o.title ?? o.value ?? ''),
      }))
    : null

/**
 * The card modal of a move whose target status (or transition) requires fields (issue 26): it asks
 * for exactly those, and the move is sent with them; the planner checks the values as for any edit.
 * Cancelling leaves the card where it was.
 */
export function RequiredFieldsModal({
  asking,
  status,
  fields,
  onCancel,
  onSubmit,
}: {
  asking: Asking
  status: string
  fields: Field[]
  onCancel: () => void
  onSubmit: (values: Record<string, string>) => void
}) {
  const { t } = useTranslation()
  const [values, setValues] = useState<Record<string, string>>({})
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSubmit(Object.fromEntries(fields.map((f) => [f.name, values[f.name] ?? ''])))
  }
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) onCancel()
      }}
      className="dialog-overlay"
    >
      <Modal className="dialog-modal dialog-md">
        <Dialog className="dialog" data-testid="kanban-required">
          <header className="dialog-header">
            <div className="dialog-heading">
              <Heading slot="title" className="dialog-title">
                {t('kanban.required.title', { key: asking.key, status })}
              </Heading>
            </div>
            <Button slot="close" className="icon-button dialog-close" aria-label={t('dialog.close')}>
              <CloseIcon width={16} height={16} />
            </Button>
          </header>
          <form className="dialog-body wk-required" onSubmit={submit}>
            <p>{t('kanban.required.lead')}</p>
            {fields.map((f) => {
              const id = `wk-required-${f.name}`
              const options = optionsOf(f)
              const set = (v: string) => setValues((x) => ({ ...x, [f.name]: v }))
              return (
                <div key={f.name} className="form-field">
                  <label htmlFor={id} className="label">
                    {t(f.title, { defaultValue: f.title })}
                  </label>
                  {options ? (
                    <select
                      id={id}
                      className="input"
                      required
                      value={values[f.name] ?? ''}
                      onChange={(e) => set(e.target.value)}
                    >
                      <option value="" />
                      {options.map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.title}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <input
                      id={id}
                      className="input"
                      required
                      autoFocus={f === fields[0]}
                      value={values[f.name] ?? ''}
                      onChange={(e) => set(e.target.value)}
                    />
                  )}
                </div>
              )
            })}
            <footer className="card-modal-actions">
              <button type="button" className="button button-secondary" onClick={onCancel}>
                {t('kanban.required.cancel')}
              </button>
              <button type="submit" className="button button-primary" data-testid="kanban-required-submit">
                {t('kanban.required.submit')}
              </button>
            </footer>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}
