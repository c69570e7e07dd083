import { createRequire } from 'node:module'
import { createReadableStreamFromReadable, type EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { createInstance, type i18n } from 'i18next'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { ServerThemeProvider } from './components/node-theme-style'
import { NonceProvider } from './components/nonce-provider'
import { DEFAULT_LANGUAGE, i18nConfig, isLanguage, type Language } from './i18n'
import { contentSecurityPolicy, createNonce, mergeCspSources, routeCspSources } from './lib/csp.server'
import { htmlBodyStream } from './lib/html-stream.server'
import { lookupResources } from './lib/i18n-resources.server'
import { i18next } from './lib/i18next.server'
import { getNodeLook } from './lib/node-assets.server'
import { requestId } from './lib/request-context.server'
import { cacheRouteMatching, type RouterModule } from './lib/route-match-cache.server'

// Route matching remembered (lib/route-match-cache.server.ts), installed on @remix-run/router's
// CommonJS exports, which the server runtime and react-router read it from at each call (an ES
// import would give a read-only view of them).
cacheRouteMatching(createRequire(import.meta.url)('@remix-run/router') as RouterModule)

/** How long the server waits for deferred data before giving up on the stream (single fetch). */
export const streamTimeout = 5_000

/**
 * The i18next a page renders with, one per language, made on its first page. STYLE.md §6 asks for
 * a fresh instance per request so that two requests in different languages never share state; one
 * instance per language keeps that: its language is fixed at init and nothing on the server changes
 * it or its texts afterwards (the root's useChangeLanguage runs in an effect, which the server never
 * runs). A fresh one cost each page its creation and init (issue 24's profile).
 */
const instances = new Map<Language, Promise<i18n>>()
function pageI18n(lng: Language): Promise<i18n> {
  let instance = instances.get(lng)
  if (instance === undefined) {
    const made = createInstance()
    instance = made
      .use(initReactI18next)
      .init({ ...i18nConfig, resources: lookupResources, lng })
      .then(() => made)
    instances.set(lng, instance)
  }
  return instance
}

/** The cookie entry.client sets: this browser runs the page's scripts. */
const SCRIPTS_COOKIE = 'js'
const hasScripts = (request: Request) =>
  new RegExp(`(?:^|;\\s*)${SCRIPTS_COOKIE}=1(?:;|$)`).test(request.headers.get('cookie') ?? '')

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  // The node's look is cached per process (app/lib/node-assets.server.ts): the root loader has just
  // asked for it, so this costs nothing.
  const [lng, look] = await Promise.all([i18next.getLocale(request), getNodeLook(request)])
  // getLocale answers one of SUPPORTED_LANGUAGES: the map holds three instances at most.
  const instance = await pageI18n(isLanguage(lng) ? lng : DEFAULT_LANGUAGE)

  const nonce = createNonce()
  // Crawlers, and browsers that have never run our scripts, get the whole page at once: React shows
  // streamed parts (a board's widgets) with inline scripts, which a browser without JavaScript never
  // runs. Browsers that run them (the `js` cookie, set by entry.client) get the shell as soon as it is
  // ready and each widget as it comes.
  const streams = !isbot(request.headers.get('user-agent')) && hasScripts(request)
  const readyEvent = streams ? 'onShellReady' : 'onAllReady'

  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  responseHeaders.set(
    'Content-Security-Policy',
    contentSecurityPolicy(
      nonce,
      process.env.NODE_ENV === 'development',
      mergeCspSources(look?.origins, ...routeCspSources(remixContext.staticHandlerContext.loaderData)),
    ),
  )
  responseHeaders.set('X-Content-Type-Options', 'nosniff')
  responseHeaders.set('Referrer-Policy', 'strict-origin-when-cross-origin')
  // Pages are personal (and the page after sign-in carries the token for local storage): never cached.
  responseHeaders.set('Cache-Control', 'no-store')
  responseHeaders.set('X-Request-Id', requestId(request))

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerThemeProvider value={look?.themeCss ?? ''}>
          <I18nextProvider i18n={instance}>
            <RemixServer context={remixContext} url={request.url} nonce={nonce} />
          </I18nextProvider>
        </ServerThemeProvider>
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true
          const body = htmlBodyStream()
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors after the shell are reported by the error boundary; log them once here.
          if (shellRendered) console.error(error)
        },
      },
    )
    setTimeout(abort, streamTimeout + 1000)
  })
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return
  console.error(`[web] ${request.method} ${new URL(request.url).pathname} failed:`, error)
}

/**
 * The `/api/*` forwarding, exported for the web server (server/index.mjs), which calls it with Node's
 * own request and response, before Express and the Remix router (app/lib/api-forward.server.ts).
 * app/routes/api+/$.ts keeps serving it (over Fetch) when the app runs under another server.
 */
export { forwardApi } from './lib/api-forward.server'
/** The web app's own routes' bodies, bounded before any parsing (app/lib/body-limit.server.ts). */
export { admitBody, remixRequest } from './lib/body-limit.server'
/** GET /events, the tab's live stream, likewise called by the web server before its compression. */
export { forwardEvents } from './lib/live-proxy.server'
