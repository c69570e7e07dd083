import { withWidgetParams } from '@domain/widgets/params'
import { useLoaderData, useLocation } from '@remix-run/react'
import { DeleteSection } from '~/components/admin/delete-section'
import { DialogSection } from '~/components/admin/dialog-section'
import { CONFIRM_DELETE, widgetPaths } from '~/components/admin-boards/paths'
import { useBoardsT } from '~/components/admin-boards/use-boards-t'
import { WidgetEditForm } from '~/components/admin-boards/widget-forms'
import { WidgetPreview } from '~/components/admin-boards/widget-preview'
import { Dialog } from '~/components/ui/dialog'
import type { editLoader } from './__widgets.server'

export { editAction as action, editLoader as loader } from './__widgets.server'

/** /admin/widgets/{id}: the Editing dialog — title, query, the type's settings, the preview, deleting. */
export default function EditWidgetDialog() {
  const { t } = useBoardsT()
  const { widget, settings, custom, preview, query, type, confirming, csv, savedQueries } =
    useLoaderData<typeof editLoader>()
  const location = useLocation()
  const paths = widgetPaths(type)
  const here = paths.item(widget.id, query)
  const typeName = t(`admin_widgets.type.${widget.type}`, { defaultValue: widget.type })
  const hrefWith = (params: Record<string, string | number | null>) => {
    const search = withWidgetParams(new URLSearchParams(location.search), widget.id, params)
    search.delete('confirm')
    return `${location.pathname}?${search}`
  }
  const previewSearch = new URLSearchParams(location.search)
  previewSearch.delete('confirm')
  return (
    <Dialog
      title={t('admin.editing')}
      subtitle={
        <>
          <span className="dialog-subtitle-name">{widget.title}</span> · {typeName}
        </>
      }
      closeHref={paths.list(query)}
      size="lg"
      data-testid="widget-edit-dialog"
    >
      <DialogSection title={t('admin_widgets.section.main')}>
        <WidgetEditForm
          key={`${widget.title}\n${widget.query}\n${JSON.stringify(widget.settings)}`}
          action={here}
          widget={widget}
          settings={settings}
          custom={custom}
          csv={csv}
          saved={savedQueries}
        />
      </DialogSection>
      <DialogSection title={t('admin_widgets.section.preview')} hint={t('admin_widgets.preview.hint')}>
        <WidgetPreview
          preview={preview}
          widget={{ id: widget.id, type: widget.type, title: widget.title }}
          search={previewSearch}
          hrefWith={hrefWith}
        />
      </DialogSection>
      <DialogSection title={t('workflow.delete.heading')}>
        <DeleteSection
          action={here}
          confirming={confirming}
          confirmHref={paths.item(widget.id, query, CONFIRM_DELETE)}
          cancelHref={here}
          labels={{
            hint: t('admin_widgets.delete.hint'),
            delete: t('workflow.delete'),
            title: t('workflow.delete.title', { name: widget.title }),
            text: t('admin_widgets.delete.text'),
            cancel: t('workflow.cancel'),
          }}
        />
      </DialogSection>
    </Dialog>
  )
}
