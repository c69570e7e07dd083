import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { forwardToUpstream } from '~/lib/api-proxy.server'

/** `{host}/api/*` → the upstream API, any method (PRODUCT.md §1). GET/HEAD arrive here… */
export const loader = ({ request }: LoaderFunctionArgs) => forwardToUpstream(request)

/** …and POST, PUT, PATCH, DELETE here. */
export const action = ({ request }: ActionFunctionArgs) => forwardToUpstream(request)
