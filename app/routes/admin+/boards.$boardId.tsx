import type { Breakpoint } from '@domain/boards/breakpoints'
import { useLoaderData } from '@remix-run/react'
import { DeleteSection } from '~/components/admin/delete-section'
import { DialogSection } from '~/components/admin/dialog-section'
import { BoardForm, BoardWidgets } from '~/components/admin-boards/board-forms'
import { LayoutEditor } from '~/components/admin-boards/layout-editor'
import { boardPaths, CONFIRM_DELETE } from '~/components/admin-boards/paths'
import { useBoardsT } from '~/components/admin-boards/use-boards-t'
import { Dialog } from '~/components/ui/dialog'
import { DownloadIcon } from '~/components/ui/icons'
import type { editLoader } from './__boards.server'

export { editAction as action, editLoader as loader } from './__boards.server'

/** /admin/boards/{id}: the Editing dialog — the board, its widgets, their layout, export, deleting. */
export default function EditBoardDialog() {
  const { t } = useBoardsT()
  const { board, bound, others, edited, createHref, query, confirming } = useLoaderData<typeof editLoader>()
  const hrefOf = (bp: Breakpoint) => boardPaths.item(board.id, query, bp === 'lg' ? {} : { width: bp })
  const here = hrefOf(edited.width)
  return (
    <Dialog
      title={t('admin.editing')}
      subtitle={<span className="dialog-subtitle-name">{board.name}</span>}
      closeHref={boardPaths.list(query)}
      size="lg"
      data-testid="board-edit-dialog"
    >
      <DialogSection title={t('admin_boards.section.main')}>
        <BoardForm
          key={JSON.stringify([board.name, board.is_default, board.settings])}
          action={here}
          board={board}
        />
      </DialogSection>
      <DialogSection title={t('admin_boards.section.widgets')} hint={t('admin_boards.widgets.hint')}>
        <BoardWidgets action={here} bound={bound} others={others} createHref={createHref} />
      </DialogSection>
      <DialogSection title={t('admin_boards.section.layout')}>
        {/* A width of its own: a layout not yet saved at another width is not carried over. */}
        <LayoutEditor key={edited.width} action={here} edited={edited} widgets={bound} hrefOf={hrefOf} />
      </DialogSection>
      <DialogSection title={t('admin_boards.section.export')}>
        <div className="export-row">
          <p className="muted">{t('admin_boards.export.hint')}</p>
          <a
            href={boardPaths.export(board.id)}
            download
            className="button button-secondary button-sm"
            data-testid="board-export"
          >
            <DownloadIcon width={14} height={14} />
            {t('admin_boards.export')}
          </a>
        </div>
      </DialogSection>
      <DialogSection title={t('workflow.delete.heading')}>
        <DeleteSection
          action={here}
          confirming={confirming}
          confirmHref={boardPaths.item(board.id, query, CONFIRM_DELETE)}
          cancelHref={here}
          labels={{
            hint: t('admin_boards.delete.hint'),
            delete: t('workflow.delete'),
            title: t('workflow.delete.title', { name: board.name }),
            text: t('admin_boards.delete.text'),
            cancel: t('workflow.cancel'),
          }}
        />
      </DialogSection>
    </Dialog>
  )
}
