import { useActionData, useLoaderData } from '@remix-run/react'
import { useAdminFieldsT } from '~/components/admin-fields/use-admin-fields-t'
import { FormEditor } from '~/components/admin-forms/form-editor'
import { formsHref, newFormHref } from '~/components/admin-forms/paths'
import type { FormEditorReply } from '~/components/admin-forms/reply'
import { Dialog } from '~/components/ui/dialog'
import type { loader } from './__form-new.server'

export { action, loader } from './__form-new.server'

/** /admin/forms/new: the Add dialog — the editor and its preview — over the list. */
export default function NewFormDialog() {
  const { t } = useAdminFieldsT()
  const { editor, query } = useLoaderData<typeof loader>()
  const reply = useActionData<FormEditorReply>()
  return (
    <Dialog
      title={t('admin_forms.new.title')}
      closeHref={formsHref(query)}
      size="lg"
      data-testid="form-dialog"
    >
      <FormEditor
        key={reply?.rev ?? 'new'}
        action={newFormHref(query)}
        definitions={editor.definitions}
        draft={reply?.draft ?? editor.draft}
        version={editor.version}
        reply={reply}
      />
    </Dialog>
  )
}
