import type { FieldDefinition } from '@domain/fields/types'
import { useMemo } from 'react'
import { CsrfInput } from '~/components/csrf-input'
import { Alert } from '~/components/ui/alert'
import { GenericForm } from '~/fields/form/generic-form'
import { useAdminFieldsT } from '../admin-fields/use-admin-fields-t'
import { type Draft, previewOf } from './draft'
import type { FormEditorReply } from './reply'

export const FORM_PREVIEW_ID = 'form-preview'

/**
 * The live preview: the generic form rendering the draft with the node's definitions, checked as
 * the user types (with JavaScript) or by the action when "Check" is pressed — the same schema either
 * way (formSchemaOf). It posts the draft with it, so without JavaScript the editor comes back as it was.
 */
export function FormPreview({
  draft,
  definitions,
  action,
  reply,
}: {
  draft: Draft
  definitions: readonly FieldDefinition[]
  action: string
  reply?: FormEditorReply
}) {
  const { t } = useAdminFieldsT()
  const { definitions: defs, description } = useMemo(
    () => previewOf(draft, definitions),
    [draft, definitions],
  )
  // Titles typed by the administrator are not keys; t() gives back a text it has no key for.
  return (
    <aside className="afo-preview" aria-labelledby="form-preview-title" data-testid="form-preview">
      <header className="afo-preview-header">
        <h3 className="afo-section-title" id="form-preview-title">
          {t('admin_forms.preview.title')}
        </h3>
        <p className="afo-section-hint">{t('admin_forms.preview.hint')}</p>
      </header>
      {reply?.previewPassed ? <Alert type="success">{t('admin_forms.preview.passed')}</Alert> : null}
      {defs.length ? (
        <GenericForm
          id={FORM_PREVIEW_ID}
          definitions={defs}
          form={description}
          action={action}
          lastResult={reply?.preview}
          submitLabel={t('admin_forms.preview.check')}
        >
          <CsrfInput />
          <input type="hidden" name="intent" value="preview" />
          <input type="hidden" name="draft" value={JSON.stringify(draft)} />
        </GenericForm>
      ) : (
        <p className="muted afo-empty">{t('admin_forms.preview.empty')}</p>
      )}
    </aside>
  )
}
