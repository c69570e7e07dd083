import { useActionData, useLoaderData } from '@remix-run/react'
import { DeleteStep } from '~/components/admin-fields/delete-step'
import { useAdminFieldsT } from '~/components/admin-fields/use-admin-fields-t'
import { FormEditor } from '~/components/admin-forms/form-editor'
import { formHref, formsHref } from '~/components/admin-forms/paths'
import type { FormEditorReply } from '~/components/admin-forms/reply'
import { Dialog } from '~/components/ui/dialog'
import type { loader } from './__form-edit.server'

export { action, loader } from './__form-edit.server'

/** /admin/forms/{formId}: the Editing dialog (spec §2): the editor, its preview, the delete step. */
export default function EditFormDialog() {
  const { t } = useAdminFieldsT()
  const { form, editor, query, confirmDelete } = useLoaderData<typeof loader>()
  const reply = useActionData<FormEditorReply>()
  const here = formHref(form.id, query)
  return (
    <Dialog
      title={t('admin_forms.edit.title')}
      subtitle={<span className="dialog-subtitle-name">{form.name}</span>}
      closeHref={formsHref(query)}
      size="lg"
      data-testid="form-dialog"
    >
      <FormEditor
        key={reply?.rev ?? `stored-${editor.version}`}
        action={here}
        definitions={editor.definitions}
        draft={reply?.draft ?? editor.draft}
        version={editor.version}
        reply={reply}
      />
      <section className="dialog-section afl-danger">
        <DeleteStep
          action={here}
          confirming={confirmDelete}
          confirmHref={formHref(form.id, query, { confirm: 'delete' })}
          cancelHref={here}
          texts={{
            hint: form.processes
              ? t('admin_forms.delete.bound', { count: form.processes })
              : t('admin_forms.delete.hint'),
            button: t('admin_forms.delete.button'),
            title: t('admin_forms.delete.confirm_title', { name: form.name }),
            text: t('admin_forms.delete.confirm_text'),
          }}
        />
      </section>
    </Dialog>
  )
}
