import { parseWithZod } from '@conform-to/zod'
import { loginSchema } from '@domain/auth/login-schema'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node'
import {
  SignInError,
  type SignInStrategy,
  serviceCenterOf,
  signedInRedirect,
  signIn,
} from '~/lib/auth.server'
import { readForm } from '~/lib/form.server'
import { i18next } from '~/lib/i18next.server'
import { nodeName } from '~/lib/node.server'
import { safeRedirect } from '~/lib/redirect-to'
import { clearTokenCookies } from '~/lib/session.server'
import { SERVICE_CENTER_VARIANT } from './__login-variant'

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const [t, centre] = await Promise.all([i18next.getFixedT(request), serviceCenterOf(request)])
  const asked = url.searchParams.get('redirectTo')
  const variant: SignInStrategy =
    centre && url.searchParams.get('variant') === SERVICE_CENTER_VARIANT ? 'service-center' : 'form'
  return {
    title: t('auth.login.title'),
    redirectTo: asked ? safeRedirect(asked) : '',
    node: nodeName(request),
    // Only the host is shown ("checked by sc.example.com"); the address itself stays on the server.
    serviceCenter: centre ? { host: new URL(centre.url).host } : null,
    variant,
  }
}

/**
 * Sign-in. The same schema as the browser's (domain/auth/login-schema.ts); its messages are catalogue
 * codes the page translates. remix-auth's form strategy reads the body itself, so conform parses a
 * clone first (DEPENDENCIES.md) and hands the parsed form over in the context. `variant` picks the
 * strategy: the password against the upstream, or through the node's service centre (auth.server.ts).
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request, { clone: true })
  const submission = parseWithZod(formData, { schema: loginSchema })
  const variant: SignInStrategy =
    formData.get('variant') === SERVICE_CENTER_VARIANT ? 'service-center' : 'form'
  if (submission.status !== 'success') {
    return data({ variant, result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  }
  const to = safeRedirect(formData.get('redirectTo') ?? new URL(request.url).searchParams.get('redirectTo'))
  try {
    return await signedInRedirect(request, await signIn(request, formData, variant), to)
  } catch (error) {
    if (!(error instanceof SignInError)) throw error
    // Field problems the upstream found (422) go to their fields by `loc`; the rest above the form.
    const fieldErrors: Record<string, string[]> = {}
    for (const d of error.detail) {
      const field = d.loc?.[0] === 'body' ? d.loc[1] : undefined
      if (error.status === 422 && (field === 'email' || field === 'password')) {
        fieldErrors[field] = [...(fieldErrors[field] ?? []), d.type]
      }
    }
    const formErrors = Object.keys(fieldErrors).length ? [] : [error.code]
    // Spec §4: a failed sign-in clears the token and stores nothing.
    const headers = new Headers()
    for (const c of clearTokenCookies(request)) headers.append('Set-Cookie', c)
    const status = error.status === 429 || error.status >= 500 ? error.status : 400
    return data(
      { variant, result: submission.reply({ formErrors, fieldErrors, hideFields: ['password'] }) },
      { status, headers },
    )
  }
}
