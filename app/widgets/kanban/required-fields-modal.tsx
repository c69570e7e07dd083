import type { FieldDefinition, FieldType } from '@domain/fields/types'
import type { KanbanData } from '@domain/widgets/kinds/kanban'
import { Form, Link, useLocation } from '@remix-run/react'
import type { FormEvent, ReactNode } from 'react'
import { Button } from 'react-aria-components/Button'
import { Heading } from 'react-aria-components/Calendar'
import { Dialog } from 'react-aria-components/Dialog'
import { Modal, ModalOverlay } from 'react-aria-components/Modal'
import { useTranslation } from 'react-i18next'
import { CsrfInput } from '~/components/csrf-input'
import { CloseIcon } from '~/components/ui/icons'
import { childErrorsOf } from '~/fields/form/form-field'
import { getFieldComponent } from '~/fields/registry'
import type { Asking } from './use-kanban-move'

type Field = KanbanData['required_fields'][number]

/** The field as the field components take it (the definition the board data carries, a composite's children too). */
const definitionOf = (f: Field): FieldDefinition => ({
  name: f.name,
  type: f.type as FieldType,
  title: f.title,
  settings: f.settings as FieldDefinition['settings'],
  ...(f.structure?.length ? { structure: f.structure as unknown as FieldDefinition[] } : {}),
})

/** What the modal needs besides the move: the fields, and after a refusal their errors and the values sent. */
interface Props {
  asking: Asking
  status: string
  fields: Field[]
}

/**
 * The card modal of a move whose target status (or transition) requires fields (issue 26): it asks
 * for exactly those, and the move is sent with them; the planner checks the values as for any edit.
 * Each is the field type's own component, the same the task card renders (a composite — address,
 * json — through its children's components, posted as `field.{name}.{child}`), loaded with this
 * modal apart from the board's bundle. A refusal at a field comes back here with the error at that
 * field (a composite's at its child) and the values kept. Cancelling leaves the card where it was.
 */
export default function RequiredFieldsModal({
  asking,
  status,
  fields,
  onCancel,
  onSubmit,
}: Props & {
  onCancel: () => void
  onSubmit: (values: [string, string][]) => void
}) {
  const { t } = useTranslation()
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    onSubmit(
      [...form].flatMap(([k, v]) =>
        k.startsWith('field.') && typeof v === 'string'
          ? [[k.slice('field.'.length), v] as [string, string]]
          : [],
      ),
    )
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
          <form className="dialog-body wk-required" onSubmit={submit} noValidate>
            <RequiredFields asking={asking} fields={fields} />
            <footer className="card-modal-actions">
              <button type="button" className="button button-secondary" onClick={onCancel}>
                {t('kanban.required.cancel')}
              </button>
              <SubmitButton />
            </footer>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}

/**
 * The same ask without JavaScript: the "move to" form's answer (the page again) shows it over the
 * board as a plain dialog whose form posts the move with the fields; Cancel is the board again.
 */
export function RequiredFieldsPage({
  asking,
  status,
  fields,
  widgetId,
  version,
}: Props & { widgetId: string; version: number }) {
  const { t } = useTranslation()
  const location = useLocation()
  const titleId = `wk-required-${widgetId}-title`
  return (
    <div className="dialog-overlay">
      <div className="dialog-modal dialog-md">
        <section className="dialog" role="dialog" aria-labelledby={titleId} data-testid="kanban-required">
          <header className="dialog-header">
            <div className="dialog-heading">
              <h2 className="dialog-title" id={titleId}>
                {t('kanban.required.title', { key: asking.key, status })}
              </h2>
            </div>
          </header>
          <Form method="post" className="dialog-body wk-required" noValidate>
            <CsrfInput />
            <input type="hidden" name="intent" value="kanban_move" />
            <input type="hidden" name="widget_id" value={widgetId} />
            <input type="hidden" name="task_id" value={asking.taskId} />
            <input type="hidden" name="status_id" value={asking.to} />
            <input type="hidden" name="version" value={version} />
            <RequiredFields asking={asking} fields={fields} />
            <footer className="card-modal-actions">
              <Link
                to={`${location.pathname}${location.search}`}
                className="button button-secondary"
                preventScrollReset
              >
                {t('kanban.required.cancel')}
              </Link>
              <SubmitButton />
            </footer>
          </Form>
        </section>
      </div>
    </div>
  )
}

function SubmitButton(): ReactNode {
  const { t } = useTranslation()
  return (
    <button type="submit" className="button button-primary" data-testid="kanban-required-submit">
      {t('kanban.required.submit')}
    </button>
  )
}

/** The asked fields, each its type's component with its errors (a composite's children's at them). */
function RequiredFields({ asking, fields }: { asking: Asking; fields: Field[] }) {
  const { t } = useTranslation()
  return (
    <>
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
              defaultValue={asking.values?.[f.name]}
              errors={asking.errors?.[f.name]}
              childErrors={childErrorsOf(asking.errors, f.name)}
            />
          </div>
        )
      })}
    </>
  )
}
