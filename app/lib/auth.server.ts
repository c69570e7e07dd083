import { loginSchema } from '@domain/auth/login-schema'
import type { DetailEntry } from '@domain/errors/catalogue'
import { redirect } from '@remix-run/node'
import { Authenticator, AuthorizationError } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { requireCsrf, requireSameOrigin } from './csrf.server'
import { pathWithSearch } from './redirect-to'
import { routes } from './routes'
import { flashHeaders, flashStorage, readToken, setTokenCookie, signOutHeaders } from './session.server'
import type { ToastInput } from './toast'
import { upstream } from './upstream.server'

/** The user as the upstream returns it (api/src/routes/users/schemas.ts). */
export interface PublicUser {
  id: string
  user_name: string
  full_name: string
  is_superuser: boolean
  fio: { name: string; surname: string; middlename: string }
  contacts: { email: string; phone: string }
}

/** POST /api/users/token's data. */
export interface SignedIn {
  access_token: string
  token_type: 'bearer'
  expires_at: string
  user: PublicUser
}

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

/**
 * remix-auth with the form strategy over the upstream's POST /api/users/token. The token lives in the
 * `_token` cookie, not in remix-auth's session: the authenticator returns what the upstream said and
 * the action sets the cookie (so the token is usable by other services on the parent domain).
 */
export function getAuthenticator(): Authenticator<SignedIn> {
  if (authenticator) return authenticator
  authenticator = new Authenticator<SignedIn>(flashStorage(), { throwOnError: true })
  authenticator.use(
    new FormStrategy<SignedIn>(async ({ form, request }) => {
      const parsed = loginSchema.safeParse({ email: form.get('email'), password: form.get('password') })
      if (!parsed.success) throw new SignInError('value_error', 422)
      let res: Awaited<ReturnType<ReturnType<typeof upstream>['post']>>
      try {
        res = await upstream(request).post<SignedIn>('/api/users/token', parsed.data, {
          token: null,
          on401: 'return',
        })
      } catch (error) {
        if (error instanceof Response) throw new SignInError('request.upstream_unavailable', error.status)
        throw error
      }
      if (res.ok && res.data) return res.data as SignedIn
      throw new SignInError(
        res.detail[0]?.type ?? 'users.incorrect_username_or_password',
        res.status,
        res.detail,
      )
    }),
    'form',
  )
  return authenticator
}

/**
 * Signs in with the already-read form; throws SignInError on failure. A post from a page on another
 * origin is refused first: login CSRF (signing the victim in as the attacker) needs one. The sign-in
 * form has no CSRF session to prove yet; once the login page carries `<CsrfInput/>`, its action adds
 * `await requireCsrf(request, formData)` like every other form.
 */
export async function signIn(request: Request, formData: FormData): Promise<SignedIn> {
  requireSameOrigin(request)
  try {
    return await getAuthenticator().authenticate('form', request, { context: { formData } })
  } catch (error) {
    if (error instanceof AuthorizationError && error.cause instanceof SignInError) throw error.cause
    throw error
  }
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
    await requireCsrf(
      request,
      await request
        .clone()
        .formData()
        .catch(() => new FormData()),
    )
  }
  if (readToken(request)) {
    try {
      await upstream(request).post('/api/users/logout', undefined, { on401: 'return' })
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
