import type { LoaderFunctionArgs } from '@remix-run/node'
import { dataLoader } from './__board.server'

/**
 * A board's widgets' data for the page's scripts: one widget after its page, filter or day changed
 * (`?widgets={id}&w.{id}.page=2`), or every widget for the 10-second refresh (spec §9).
 */
export const loader = ({ request, params }: LoaderFunctionArgs) => dataLoader(request, params.board ?? '')
