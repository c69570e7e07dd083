import { createReadableStreamFromReadable, type EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { createInstance } from 'i18next'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { ServerTextsProvider } from './components/i18n-texts'
import { ServerThemeProvider } from './components/node-theme-style'
import { NonceProvider } from './components/nonce-provider'
import { i18nConfig } from './i18n'
import { contentSecurityPolicy, createNonce, mergeCspSources, routeCspSources } from './lib/csp.server'
import { htmlBodyStream } from './lib/html-stream.server'
import { lookupResources, resources } from './lib/i18n-resources.server'
import { i18next } from './lib/i18next.server'
import { getNodeLook } from './lib/node-assets.server'
import { requestId } from './lib/request-context.server'

/** How long the server waits for deferred data before giving up on the stream (single fetch). */
export const streamTimeout = 5_000

/** A language's texts as the page carries them (app/components/i18n-texts.tsx): made once per language. */
const textsJsonCache = new Map<string, string>()
function textsJson(lng: string): string {
  let json = textsJsonCache.get(lng)
  if (json === undefined) {
    // `<` escaped: the JSON sits in a <script> element, which `</script>` would close.
    json = JSON.stringify(resources[lng as keyof typeof resources] ?? {}).replace(/</g, '\\u003c')
    textsJsonCache.set(lng, json)
  }
  return json
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
  // A fresh i18next per request: two requests in different languages never share state (STYLE.md §6).
  const instance = createInstance()
  // The node's look is cached per process (app/lib/node-assets.server.ts): the root loader has just
  // asked for it, so this costs nothing.
  const [lng, look] = await Promise.all([i18next.getLocale(request), getNodeLook(request)])
  await instance.use(initReactI18next).init({ ...i18nConfig, resources: lookupResources, lng })

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
          <ServerTextsProvider value={textsJson(lng)}>
            <I18nextProvider i18n={instance}>
              <RemixServer context={remixContext} url={request.url} nonce={nonce} />
            </I18nextProvider>
          </ServerTextsProvider>
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
