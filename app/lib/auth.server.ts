import { loginSchema } from '@domain/auth/login-schema'
import type { DetailEntry } from '@domain/errors/catalogue'
import { type AllowPrivate, type GuardedResponse, guardedRequest } from '@domain/outbound/guard.server'
import { type OutboundEnv, privateAllowance } from '@domain/outbound/policy'
import { redirect } from '@remix-run/node'
import { Authenticator, AuthorizationError } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { requireCsrf } from './csrf.server'
import { readForm } from './form.server'
import { nodeName } from './node.server'
import { pathWithSearch } from './redirect-to'
import { routes } from './routes'
import { flashHeaders, flashStorage, readToken, setTokenCookie, signOutHeaders } from './session.server'
import type { ToastInput } from './toast'
import type { Schema } from './upstream/types'
import { type ResultOf, upstream } from './upstream.server'

/** The user as the upstream returns it. */
export type PublicUser = Schema<'User'>

/** POST /api/users/token's data. */
export type SignedIn = Schema<'SignedIn'>

/** Why signing in failed: a catalogue code, the upstream's status, and its details (field errors by `loc`). */
export class SignInError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly detail: DetailEntry[] = [],
  ) {
    super(code)
  }
}

let authenticator: Authenticator<SignedIn> | undefined

/** The two ways in (spec §4): email and password against the upstream, or through the service centre. */
export type SignInStrategy = 'form' | 'service-center'

/**
 * remix-auth with two form strategies: `form` over the upstream's POST /api/users/token, and
 * `service-center` (below). The token lives in the `_token` cookie, not in remix-auth's session:
 * the authenticator returns what the upstream said and the action sets the cookie (so the token is
 * usable by other services on the parent domain). Both end in the same SignedIn.
 */
export function getAuthenticator(): Authenticator<SignedIn> {
  if (authenticator) return authenticator
  authenticator = new Authenticator<SignedIn>(flashStorage(), { throwOnError: true })
  authenticator.use(
    new FormStrategy<SignedIn>(async ({ form, request }) => {
      const parsed = loginSchema.safeParse({ email: form.get('email'), password: form.get('password') })
      if (!parsed.success) throw new SignInError('value_error', 422)
      let res: ResultOf<'/api/users/token', 'post'>
      try {
        res = await upstream(request).post('/api/users/token', {
          body: parsed.data,
          token: null,
          on401: 'return',
        })
      } catch (error) {
        if (error instanceof Response) throw new SignInError('request.upstream_unavailable', error.status)
        throw error
      }
      if (res.ok) return res.data
      throw new SignInError(
        res.detail[0]?.type ?? 'users.incorrect_username_or_password',
        res.status,
        res.detail,
      )
    }),
    'form',
  )
  authenticator.use(
    new FormStrategy<SignedIn>(async ({ form, request }) => {
      const parsed = loginSchema.safeParse({ email: form.get('email'), password: form.get('password') })
      if (!parsed.success) throw new SignInError('value_error', 422)
      // Where to send the password comes from the node's settings, never from the form.
      const centre = await serviceCenterOf(request)
      if (!centre) throw new SignInError('users.credentials_validate_error', 400)
      const external = await askUserCentre(centre, parsed.data)
      return exchangeToken(request, external)
    }),
    'service-center',
  )
  return authenticator
}

/**
 * Signs in with the already-read form; throws SignInError on failure. The form's CSRF token is
 * checked first, like every other form's (the login page's root loader started the browser's CSRF
 * session): login CSRF — signing the victim in as the attacker — needs a post the victim's page did
 * not make.
 */
export async function signIn(
  request: Request,
  formData: FormData,
  strategy: SignInStrategy = 'form',
): Promise<SignedIn> {
  await requireCsrf(request, formData)
  try {
    return await getAuthenticator().authenticate(strategy, request, { context: { formData } })
  } catch (error) {
    if (error instanceof AuthorizationError && error.cause instanceof SignInError) throw error.cause
    throw error
  }
}

/* ---------- the service-centre sign-in (spec §4, §7; PRODUCT.md §3) ---------- */

/** settings.auth.service_center of the node, as its public assets tell it. */
export type ServiceCenter = NonNullable<
  NonNullable<Schema<'NodeAssets'>['settings']['auth']>['service_center']
>

/**
 * The node's service centre, from the public GET /api/nodes/assets/{node}; null when there is none,
 * the node is unknown or the upstream cannot say (the login page then offers the normal form only).
 */
export async function serviceCenterOf(request: Request): Promise<ServiceCenter | null> {
  try {
    const res = await upstream(request).get('/api/nodes/assets/{domain}', {
      path: { domain: nodeName(request) },
      token: null,
      on401: 'return',
    })
    const centre = res.ok ? res.data.settings.auth?.service_center : null
    return centre?.url ? centre : null
  } catch (error) {
    if (error instanceof Response) return null
    throw error
  }
}

/** `data[0].auth_data.access_token` of the user centre's answer (spec §7), or null. */
export function userCentreToken(body: unknown): string | null {
  const first = (body as { data?: unknown } | null)?.data
  const entry = Array.isArray(first) ? first[0] : undefined
  const token = (entry as { auth_data?: { access_token?: unknown } } | undefined)?.auth_data?.access_token
  return typeof token === 'string' && token.length > 0 && token.length <= 16_384 ? token : null
}

const USER_CENTRE_TIMEOUT_MS = 10_000
const USER_CENTRE_MAX_BYTES = 1024 * 1024

const refused = () => new SignInError('users.incorrect_username_or_password', 400)
const centreDown = () => new SignInError('request.upstream_unavailable', 503)

/**
 * The user centre's half (server-side, so the browser never talks to it and works without
 * JavaScript). The spec names only the URL, the optional Project-ID / Account-ID headers and where
 * the token is read; the rest is assumed, as the common JSON shape:
 *
 *   POST {url}   Content-Type: application/json   [Project-ID: …]   [Account-ID: …]
 *   {"email": "…", "password": "…"}
 *   → 2xx  {"data": [{"auth_data": {"access_token": "<token>"}}]}
 *
 * A 4xx, or a 2xx without that token, refuses the credentials; no answer in 10 s, a 5xx or a
 * redirect (not followed) means the centre is unavailable, and so does an address the outbound
 * guard refuses (ADR 027: loopback, private networks… unless OUTBOUND_ALLOW_PRIVATE=1). The body
 * read is bounded.
 */
export async function askUserCentre(
  centre: ServiceCenter,
  credentials: { email: string; password: string },
  opts: { allowPrivate?: AllowPrivate } = {},
): Promise<string> {
  const body = JSON.stringify(credentials)
  const headers: Record<string, string | number> = {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    accept: 'application/json',
  }
  if (centre.project_id) headers['Project-ID'] = centre.project_id
  if (centre.account_id) headers['Account-ID'] = centre.account_id
  let res: GuardedResponse
  try {
    res = await guardedRequest(centre.url, {
      method: 'POST',
      headers,
      body,
      timeoutMs: USER_CENTRE_TIMEOUT_MS,
      maxBytes: USER_CENTRE_MAX_BYTES,
      allowPrivate: opts.allowPrivate ?? privateAllowance(process.env as OutboundEnv, 'sso'),
    })
  } catch (error) {
    // A refused address is logged as such (PrivateTargetError's message), for the operator.
    console.error(`[web] user centre ${new URL(centre.url).origin} unreachable: ${(error as Error).message}`)
    throw centreDown()
  }
  if (res.status >= 500 || (res.status >= 300 && res.status < 400)) throw centreDown()
  if (res.status < 200 || res.status >= 300 || !res.complete) throw refused()
  let parsed: unknown
  try {
    parsed = JSON.parse(res.body.toString('utf8'))
  } catch {
    parsed = null
  }
  const token = userCentreToken(parsed)
  if (!token) throw refused()
  return token
}

/** The upstream's half: POST /api/users/verify_token checks the token against the node's SSO settings. */
async function exchangeToken(request: Request, token: string): Promise<SignedIn> {
  let res: ResultOf<'/api/users/verify_token', 'post'>
  try {
    res = await upstream(request).post('/api/users/verify_token', {
      body: { token, domain: nodeName(request) },
      token: null,
      on401: 'return',
    })
  } catch (error) {
    if (error instanceof Response) throw new SignInError('request.upstream_unavailable', error.status)
    throw error
  }
  if (res.ok) return res.data
  if (res.status >= 500) throw new SignInError('request.upstream_unavailable', res.status)
  // Whatever the upstream's reason (bad token, unknown user, node not set up), the same answer.
  throw new SignInError('users.credentials_validate_error', res.status === 429 ? 429 : 400)
}

/** After signing in: `_token` on the parent domain, the token once for local storage, then away. */
export async function signedInRedirect(
  request: Request,
  signedIn: SignedIn,
  to: string,
  toasts: ToastInput[] = [],
) {
  const headers = new Headers()
  headers.append('Set-Cookie', setTokenCookie(request, signedIn.access_token, signedIn.expires_at))
  headers.append(
    'Set-Cookie',
    await flashHeaders(request, { toasts, clientToken: { set: signedIn.access_token } }),
  )
  return redirect(to, { headers })
}

/**
 * Revokes the session upstream (best effort: a dead token or a down upstream still signs out here).
 * The header's sign-out button posts with the CSRF token, checked here; a plain GET (the error
 * pages' "go to login" link) changes nothing another site could profit from.
 */
export async function signOut(request: Request, toasts: ToastInput[] = []) {
  if (request.method === 'POST') {
    // A body that is no form fails the token check (403); one over its limit stays a 413.
    const form = await readForm(request, { clone: true }).catch((error: unknown) => {
      if (error instanceof Response && error.status === 400) return new FormData()
      throw error
    })
    await requireCsrf(request, form)
  }
  if (readToken(request)) {
    try {
      await upstream(request).post('/api/users/logout', { on401: 'return' })
    } catch (error) {
      if (!(error instanceof Response)) throw error
    }
  }
  return redirect(routes.login(), { headers: await signOutHeaders(request, toasts) })
}

/** For protected pages: the token, or off to the login page with the way back. */
export function requireToken(request: Request): string {
  const token = readToken(request)
  if (!token) throw redirect(routes.login(pathWithSearch(request)))
  return token
}
