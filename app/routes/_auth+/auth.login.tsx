import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { loginSchema } from '@domain/auth/login-schema'
import type { MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { LogoMark } from '~/components/ui/icons'
import { TextField } from '~/components/ui/text-field'
import { clearClientToken } from '~/lib/client-token'
import type { action, loader } from './__login.server'

export { action, loader } from './__login.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} · Nodus` : 'Nodus' },
]

/** Codes shown as a danger alert; every other sign-in failure is a warning (spec §8). */
const DANGER = new Set(['server.error', 'request.upstream_unavailable'])

export default function LoginPage() {
  const { t } = useTranslation()
  const { redirectTo, node } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'login',
    lastResult: navigation.state === 'idle' ? actionData?.result : null,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  })

  // A failed sign-in leaves nothing behind in local storage either (spec §4), and the password is
  // typed again (the server never sends it back: `hideFields`).
  // Once per answer: typing the new password re-renders, and must not clear it again.
  const handled = useRef<unknown>(null)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (!actionData || handled.current === actionData || actionData.result?.status !== 'error') return
    handled.current = actionData
    clearClientToken()
    // A new key mounts an empty password field (conform's `update` would revalidate the form and
    // replace the alert with "required"; the react-aria input is controlled, so the DOM value can't be set).
    setAttempt((n) => n + 1)
  })

  const pending = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const formErrors = form.errors ?? []
  return (
    <div className="auth-card">
      <div className="auth-card-head">
        <LogoMark width={40} height={40} />
        <h1 className="auth-title">{t('auth.login.title')}</h1>
        <p className="auth-subtitle">{t('auth.login.subtitle')}</p>
      </div>
      <Form method="post" {...getFormProps(form)} className="auth-form">
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        {formErrors.length > 0 ? (
          <Alert type={formErrors.some((c) => DANGER.has(c)) ? 'danger' : 'warning'} id={form.errorId}>
            {formErrors.map((code) => t(code)).join(' ')}
          </Alert>
        ) : null}
        <TextField
          meta={fields.email}
          label={t('auth.login.email')}
          type="email"
          autoComplete="username"
          placeholder={t('auth.login.email_placeholder')}
          autoFocus
        />
        <TextField
          key={`password-${attempt}`}
          meta={fields.password}
          label={t('auth.login.password')}
          type="password"
          autoComplete="current-password"
        />
        <Button type="submit" className="button-block" isPending={pending}>
          {pending ? t('auth.login.submitting') : t('auth.login.submit')}
        </Button>
      </Form>
      <p className="auth-node">
        {t('auth.login.node')}: <code>{node}</code>
      </p>
    </div>
  )
}
