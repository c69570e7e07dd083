import type { SubmissionResult } from '@conform-to/react'
import type { LinksFunction, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CsrfInput } from '~/components/csrf-input'
import { Alert } from '~/components/ui/alert'
import { LogoMark } from '~/components/ui/icons'
import { InputField } from '~/components/ui/input-field'
import { SubmitButton } from '~/components/ui/submit-button'
import type { SignInStrategy } from '~/lib/auth.server'
import { clearClientToken } from '~/lib/client-token'
import type { action, loader } from './__login.server'
import { SERVICE_CENTER_VARIANT, variantHref } from './__login-variant'
import variantStyles from './login-variants.css'

export { action, loader } from './__login.server'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: variantStyles }]

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} · Nodus` : 'Nodus' },
]

/** Codes shown as a danger alert; every other sign-in failure is a warning (spec §8). */
const DANGER = new Set(['server.error', 'request.upstream_unavailable'])

// The page's texts are in common; the service-centre variant's in admin-ui (its own namespace).
const NAMESPACES = ['common', 'admin-ui']

export default function LoginPage() {
  const { t } = useTranslation(NAMESPACES, { nsMode: 'fallback' })
  const { redirectTo, node, serviceCenter, variant } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const viaCentre = variant === 'service-center'
  return (
    <div className="auth-card">
      <div className="auth-card-head">
        <LogoMark width={40} height={40} />
        <h1 className="auth-title">{t('auth.login.title')}</h1>
        <p className="auth-subtitle">
          {viaCentre ? t('ui.login.service_center.subtitle') : t('auth.login.subtitle')}
        </p>
      </div>
      {serviceCenter ? (
        <nav className="auth-variants" aria-label={t('ui.login.variants')}>
          <Link
            to={variantHref('form', redirectTo)}
            className="auth-variant"
            aria-current={viaCentre ? undefined : 'page'}
            replace
          >
            {t('ui.login.variant.password')}
          </Link>
          <Link
            to={variantHref('service-center', redirectTo)}
            className="auth-variant"
            aria-current={viaCentre ? 'page' : undefined}
            replace
          >
            {t('ui.login.variant.service_center')}
          </Link>
        </nav>
      ) : null}
      {/* One form per variant (its own id and state), so switching starts clean. */}
      <LoginForm
        key={variant}
        variant={variant}
        redirectTo={redirectTo}
        lastResult={
          navigation.state === 'idle' && actionData?.variant === variant ? actionData.result : undefined
        }
        answer={actionData}
      />
      {viaCentre && serviceCenter ? (
        <p className="auth-node">{t('ui.login.service_center.via', { host: serviceCenter.host })}</p>
      ) : null}
      <p className="auth-node">
        {t('auth.login.node')}: <code>{node}</code>
      </p>
    </div>
  )
}

interface LoginFormProps {
  variant: SignInStrategy
  redirectTo: string
  lastResult?: SubmissionResult<string[]>
  /** The action's answer, to react once per failed attempt. */
  answer: unknown
}

/**
 * The sign-in form. Its schema (domain/auth/login-schema.ts) runs in the action only: the page ships
 * neither zod nor conform, which keeps its JavaScript inside the budget (bench/RESULTS.md); the
 * action's answer carries the same catalogue codes to the same places, with or without JavaScript.
 */
function LoginForm({ variant, redirectTo, lastResult, answer }: LoginFormProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const id = variant === 'service-center' ? 'login-service-center' : 'login'
  const errorId = `${id}-error`

  // A failed sign-in leaves nothing behind in local storage either (spec §4), and the password is
  // typed again (the server never sends it back: `hideFields`).
  // Once per answer: typing the new password re-renders, and must not clear it again.
  const handled = useRef<unknown>(null)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (!answer || !lastResult || handled.current === answer || lastResult.status !== 'error') return
    handled.current = answer
    clearClientToken()
    setAttempt((n) => n + 1) // a new key mounts an empty password field
  })

  const pending = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const errors = lastResult?.error ?? {}
  const formErrors = errors[''] ?? []
  const fieldErrors = (name: 'email' | 'password') => (errors[name] ?? []).map((code) => t(code))
  const typedEmail = lastResult?.initialValue?.email
  return (
    <Form
      method="post"
      id={id}
      noValidate
      aria-invalid={formErrors.length > 0 || undefined}
      aria-describedby={formErrors.length > 0 ? errorId : undefined}
      className="auth-form"
    >
      <CsrfInput />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {variant === 'service-center' ? (
        <input type="hidden" name="variant" value={SERVICE_CENTER_VARIANT} />
      ) : null}
      {formErrors.length > 0 ? (
        <Alert type={formErrors.some((c) => DANGER.has(c)) ? 'danger' : 'warning'} id={errorId}>
          {formErrors.map((code) => t(code)).join(' ')}
        </Alert>
      ) : null}
      <InputField
        key={`email-${attempt}`}
        name="email"
        label={t('auth.login.email')}
        type="email"
        required
        maxLength={254}
        defaultValue={typeof typedEmail === 'string' ? typedEmail : undefined}
        errors={fieldErrors('email')}
        autoComplete="username"
        placeholder={t('auth.login.email_placeholder')}
        autoFocus
      />
      <InputField
        key={`password-${attempt}`}
        name="password"
        label={t('auth.login.password')}
        type="password"
        required
        maxLength={256}
        errors={fieldErrors('password')}
        autoComplete="current-password"
      />
      <SubmitButton className="button-block" isPending={pending}>
        {pending ? t('auth.login.submitting') : t('auth.login.submit')}
      </SubmitButton>
    </Form>
  )
}
