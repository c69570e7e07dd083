import { useLoaderData } from '@remix-run/react'
import { DeleteStep } from '~/components/admin-fields/delete-step'
import { FieldEditor } from '~/components/admin-fields/field-editor'
import { IndexStep } from '~/components/admin-fields/index-step'
import { fieldHref, fieldsHref } from '~/components/admin-fields/paths'
import { useAdminFieldsT } from '~/components/admin-fields/use-admin-fields-t'
import { Dialog } from '~/components/ui/dialog'
import type { loader } from './__field-edit.server'

export { action, loader } from './__field-edit.server'

/** /admin/fields/{fieldId}: the Editing dialog (spec §2) of a custom field, with its delete step. */
export default function EditFieldDialog() {
  const { t } = useAdminFieldsT()
  const { field, index, query, confirmDelete } = useLoaderData<typeof loader>()
  const here = fieldHref(field.id, query)
  return (
    <Dialog
      title={t('admin_fields.edit.title')}
      subtitle={
        <>
          <span className="dialog-subtitle-name">{field.title}</span> · {field.name}
        </>
      }
      closeHref={fieldsHref(query)}
      size="lg"
      data-testid="field-dialog"
    >
      {/* A new key once saved: the form starts from what the server now holds. */}
      <FieldEditor key={field.version ?? 0} action={here} stored={field} />
      <section className="dialog-section afl-index-section">
        <IndexStep action={here} indexed={index.indexed} state={index.state} indexable={index.indexable} />
      </section>
      <section className="dialog-section afl-danger">
        <DeleteStep
          action={here}
          confirming={confirmDelete}
          confirmHref={fieldHref(field.id, query, { confirm: 'delete' })}
          cancelHref={here}
          texts={{
            hint: t('admin_fields.delete.hint'),
            button: t('admin_fields.delete.button'),
            title: t('admin_fields.delete.confirm_title', { name: field.name }),
            text: t('admin_fields.delete.confirm_text'),
          }}
        />
      </section>
    </Dialog>
  )
}
