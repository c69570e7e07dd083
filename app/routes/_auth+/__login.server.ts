import { parseWithZod } from '@conform-to/zod'
import { loginSchema } from '@domain/auth/login-schema'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node'
import { SignInError, signedInRedirect, signIn } from '~/lib/auth.server'
import { i18next } from '~/lib/i18next.server'
import { nodeName } from '~/lib/node.server'
import { safeRedirect } from '~/lib/redirect-to'
import { clearTokenCookies } from '~/lib/session.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const t = await i18next.getFixedT(request)
  const asked = url.searchParams.get('redirectTo')
  return {
    title: t('auth.login.title'),
    redirectTo: asked ? safeRedirect(asked) : '',
    node: nodeName(request),
  }
}

/**
 * Sign-in. The same schema as the browser's (domain/auth/login-schema.ts); its messages are catalogue
 * codes the page translates. remix-auth's form strategy reads the body itself, so conform parses a
 * clone first (DEPENDENCIES.md) and hands the parsed form over in the context.
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.clone().formData()
  const submission = parseWithZod(formData, { schema: loginSchema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  }
  const to = safeRedirect(formData.get('redirectTo') ?? new URL(request.url).searchParams.get('redirectTo'))
  try {
    return await signedInRedirect(request, await signIn(request, formData), to)
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
      { result: submission.reply({ formErrors, fieldErrors, hideFields: ['password'] }) },
      { status, headers },
    )
  }
}
