import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { BoardHandle } from '~/components/layout/app-shell'
import { EmptyState } from '~/components/page/empty-state'
import { PageHeader } from '~/components/page/page-header'
import { LayoutIcon } from '~/components/ui/icons'
import { titleMeta } from '~/lib/meta'
import { pageTitle } from '~/lib/page.server'

/** The shell reads `board` from this route: on an existing board the node may hide its menus. */
export const handle: BoardHandle = { board: true }

/**
 * Spec §2 /lk b/{board}, titled 'Дашборды'. Boards arrive with their issue: until then no board
 * exists (`board: null`), so both menus stay and the page shows the empty dashboard.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const [title, board] = await Promise.all([
    pageTitle(request, 'lk.boards.title'),
    findBoard(request, params.board ?? ''),
  ])
  return { title, board }
}

interface BoardSummary {
  id: string
  name: string
}

/** Boards arrive with their issue (GET /boards/{nodeId}); until then none exists. */
async function findBoard(_request: Request, _boardId: string): Promise<BoardSummary | null> {
  return null
}

export const meta = titleMeta

export default function BoardPage() {
  const { t } = useTranslation()
  const { title, board } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title={title} subtitle={board?.name} />
      <EmptyState
        icon={<LayoutIcon width={20} height={20} />}
        title={t('lk.home.empty')}
        testId="board-empty"
      >
        {t('lk.home.empty_hint')}
      </EmptyState>
    </>
  )
}
