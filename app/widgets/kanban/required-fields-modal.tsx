import type { FieldDefinition, FieldType } from '@domain/fields/types'
import type { KanbanData } from '@domain/widgets/kinds/kanban'
import type { FormEvent } from 'react'
import { Button } from 'react-aria-components/Button'
import { Heading } from 'react-aria-components/Calendar'
import { Dialog } from 'react-aria-components/Dialog'
import { Modal, ModalOverlay } from 'react-aria-components/Modal'
import { useTranslation } from 'react-i18next'
import { CloseIcon } from '~/components/ui/icons'
import { getFieldComponent } from '~/fields/registry'
import type { Asking } from './use-kanban-move'

type Field = KanbanData['required_fields'][number]

/** The field as the field components take it (the definition the board data carries). */
const definitionOf = (f: Field): FieldDefinition => ({
  name: f.name,
  type: f.type as FieldType,
  title: f.title,
  settings: f.settings as FieldDefinition['settings'],
})

/**
 * The card modal of a move whose target status (or transition) requires fields (issue 26): it asks
 * for exactly those, and the move is sent with them; the planner checks the values as for any edit.
 * Each is the field type's own component, the same the task card renders (loaded with this modal,
 * apart from the board's bundle); the values are what those controls post. Cancelling leaves the
 * card where it was.
 */
export default function RequiredFieldsModal({
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
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    onSubmit(Object.fromEntries(fields.map((f) => [f.name, String(form.get(`field.${f.name}`) ?? '')])))
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
              const Field = getFieldComponent(f.type)
              return (
                <div key={f.name} className="wk-required-field" data-field={f.name}>
                  <Field
                    def={definitionOf(f)}
                    name={`field.${f.name}`}
                    id={`wk-required-${f.name}`}
                    label={t(f.title, { defaultValue: f.title })}
                  />
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
