import type { LoaderFunctionArgs } from '@remix-run/node'
import { isLanguage } from '~/i18n'
import { CACHE_IMMUTABLE } from '~/lib/cache-control'
import { RESOURCES_VERSION, textsJson } from '~/lib/i18n-resources.server'

/**
 * GET /resources/texts/{lng}?v={version}: every namespace of a language, what the browser starts
 * i18next from before hydrating (app/entry.client.tsx). The page names the current version
 * (`textsUrl`), so that URL's answer never changes: the browser keeps it a year and each page after
 * the first hydrates from its cache. Another `v` (a page from before a deploy) gets today's texts,
 * not cached. Public texts: no session is read.
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  if (!isLanguage(params.lng)) throw new Response('Not found', { status: 404 })
  const current = new URL(request.url).searchParams.get('v') === RESOURCES_VERSION
  return new Response(textsJson(params.lng), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': current ? CACHE_IMMUTABLE : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
