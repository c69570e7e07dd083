import type { LoaderFunctionArgs } from '@remix-run/node'
import { webHealth } from '~/lib/health.server'

/** GET /api/health on the web tier: itself, and the upstream's own health. */
export const loader = ({ request }: LoaderFunctionArgs) => webHealth(request)
