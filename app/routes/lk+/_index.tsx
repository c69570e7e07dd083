import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { BoardView } from '~/components/board/board-view'
import { boardLinks } from '~/components/board/links'
import { boardShouldRevalidate } from '~/components/board/should-revalidate'
import { titleMeta } from '~/lib/meta'
import { boardAction, homeLoader } from './__board.server'

export const loader = ({ request }: LoaderFunctionArgs) => homeLoader(request)
export const action = boardAction
export const shouldRevalidate = boardShouldRevalidate
export const links = boardLinks
export const meta = titleMeta

/**
 * The personal dashboard (spec §2 /lk home): the caller's home board (their choice, else the node's
 * default), its name under the title; the spec's empty text when there is none or it has no widgets.
 */
export default function HomePage() {
  return <BoardView {...useLoaderData<typeof loader>()} />
}
