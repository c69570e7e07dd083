import { useLoaderData } from '@remix-run/react'
import { widgetPaths } from '~/components/admin-boards/paths'
import { useBoardsT } from '~/components/admin-boards/use-boards-t'
import { WidgetNewForm } from '~/components/admin-boards/widget-forms'
import { Dialog } from '~/components/ui/dialog'
import type { newLoader } from './__widgets.server'

export { newAction as action, newLoader as loader } from './__widgets.server'

/** /admin/widgets/new: the Add dialog (type and title); once created, its Editing dialog opens. */
export default function NewWidgetDialog() {
  const { t } = useBoardsT()
  const { query, type } = useLoaderData<typeof newLoader>()
  const paths = widgetPaths(type)
  return (
    <Dialog title={t('admin_widgets.new')} closeHref={paths.list(query)} data-testid="widget-new-dialog">
      <WidgetNewForm action={paths.add(query)} cancelHref={paths.list(query)} type={type} />
    </Dialog>
  )
}
