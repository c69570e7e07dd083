import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { BoardView } from '~/components/board/board-view'
import { boardLinks } from '~/components/board/links'
import { boardShouldRevalidate } from '~/components/board/should-revalidate'
import type { BoardHandle } from '~/components/layout/app-shell'
import { titleMeta } from '~/lib/meta'
import { boardAction, boardLoader } from './__board.server'

/** The shell reads `board` from this route: on an existing board the menus may be hidden. */
export const handle: BoardHandle = { board: true }

export const loader = ({ request, params }: LoaderFunctionArgs) => boardLoader(request, params.board ?? '')
export const action = boardAction
export const shouldRevalidate = boardShouldRevalidate
export const links = boardLinks
export const meta = titleMeta

/** Spec §2 /lk b/{board}, titled 'Дашборды', the board's name under it. */
export default function BoardPage() {
  return <BoardView {...useLoaderData<typeof loader>()} />
}
