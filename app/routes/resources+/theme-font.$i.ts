import type { LoaderFunctionArgs } from '@remix-run/node'
import { CACHE_IMMUTABLE } from '~/lib/cache-control'
import { getNodeLook } from '~/lib/node-assets.server'

/**
 * GET /resources/theme-font/{i}?v={hash}: font `i` of the theme of the node this host names, as the
 * page's @font-face loads it (app/lib/theme-fonts.server.ts). The hash is the file's, so the answer
 * never changes: cached for a year. Anything else (no such font, a stale hash, another node's font)
 * is a 404 that is not cached. Public, as the node's assets are: no session is read.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const index = /^\d{1,2}$/.test(params.i ?? '') ? Number(params.i) : -1
  const look = await getNodeLook(request)
  const font = index >= 0 ? look?.fonts[index] : null
  if (!font || new URL(request.url).searchParams.get('v') !== font.hash) {
    throw new Response('Not found', {
      status: 404,
      headers: { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
    })
  }
  return new Response(font.bytes, {
    headers: {
      'Content-Type': font.type,
      'Content-Length': String(font.bytes.byteLength),
      'Cache-Control': CACHE_IMMUTABLE,
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
