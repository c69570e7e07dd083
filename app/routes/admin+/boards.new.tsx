import { useLoaderData } from '@remix-run/react'
import { BoardNewForm } from '~/components/admin-boards/board-forms'
import { boardPaths } from '~/components/admin-boards/paths'
import { useBoardsT } from '~/components/admin-boards/use-boards-t'
import { Dialog } from '~/components/ui/dialog'
import type { newLoader } from './__boards.server'

export { newAction as action, newLoader as loader } from './__boards.server'

/** /admin/boards/new: the Add dialog (a name); once created, its Editing dialog opens. */
export default function NewBoardDialog() {
  const { t } = useBoardsT()
  const { query } = useLoaderData<typeof newLoader>()
  return (
    <Dialog title={t('admin_boards.new')} closeHref={boardPaths.list(query)} data-testid="board-new-dialog">
      <BoardNewForm action={boardPaths.add(query)} cancelHref={boardPaths.list(query)} />
    </Dialog>
  )
}
