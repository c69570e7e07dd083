import { useActionData, useLoaderData } from '@remix-run/react'
import { ImportConfirm, type ImportReply, ImportUpload } from '~/components/admin-boards/import-form'
import { boardPaths } from '~/components/admin-boards/paths'
import { useBoardsT } from '~/components/admin-boards/use-boards-t'
import { Dialog } from '~/components/ui/dialog'
import type { importLoader } from './__boards.server'

export { importAction as action, importLoader as loader } from './__boards.server'

/**
 * /admin/boards/import: a board's JSON document (a file or pasted) is checked first (a dry run
 * showing what it would create and its problems), then imported on Confirm.
 */
export default function ImportBoardDialog() {
  const { t } = useBoardsT()
  const { query } = useLoaderData<typeof importLoader>()
  const reply = useActionData<ImportReply>()
  const here = boardPaths.import(query)
  return (
    <Dialog
      title={t('admin_boards.import.title')}
      closeHref={boardPaths.list(query)}
      size="lg"
      data-testid="board-import-dialog"
    >
      {reply && 'preview' in reply ? (
        <ImportConfirm action={here} againHref={here} preview={reply.preview} text={reply.text} />
      ) : (
        <ImportUpload action={here} cancelHref={boardPaths.list(query)} result={reply?.result} />
      )}
    </Dialog>
  )
}
