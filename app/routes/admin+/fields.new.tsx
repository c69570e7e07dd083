import { useLoaderData } from '@remix-run/react'
import { FieldEditor } from '~/components/admin-fields/field-editor'
import { fieldsHref, newFieldHref } from '~/components/admin-fields/paths'
import { useAdminFieldsT } from '~/components/admin-fields/use-admin-fields-t'
import { Dialog } from '~/components/ui/dialog'
import type { loader } from './__field-new.server'

export { action, loader } from './__field-new.server'

/** /admin/fields/new: the Add dialog over the list. */
export default function NewFieldDialog() {
  const { t } = useAdminFieldsT()
  const { query } = useLoaderData<typeof loader>()
  return (
    <Dialog
      title={t('admin_fields.new.title')}
      closeHref={fieldsHref(query)}
      size="lg"
      data-testid="field-dialog"
    >
      <FieldEditor action={newFieldHref(query)} />
    </Dialog>
  )
}
