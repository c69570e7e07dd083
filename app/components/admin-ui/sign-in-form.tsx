import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod'
import { Form } from '@remix-run/react'
import { CsrfInput } from '~/components/csrf-input'
import { useSubmitDisabled } from '~/components/ui/use-submit-disabled'
import { AdminTextField, AdminToggle } from './fields'
import { parseSection, type SignInValue, signInSchema } from './schemas'
import { FormAlerts, SaveButton, SectionCard } from './section'
import { useAdminT } from './use-admin-t'

export interface SignInFormValue {
  service_center: { url: string; project_id: string; account_id: string }
  sso: { issuer: string; audience: string; jwks_url: string; create_users: boolean }
}

interface SignInFormProps {
  value: SignInFormValue
  base: string
  lastResult?: SubmissionResult<string[]>
}

/**
 * The service-centre sign-in (auth.service_center: public, it tells the login page to offer the
 * variant) and how its tokens are verified (sso: private, read by POST /users/verify_token).
 */
export function SignInForm({ value, base, lastResult }: SignInFormProps) {
  const { t } = useAdminT()
  const [form, fields] = useForm<SignInFormValue, SignInValue>({
    id: 'admin-ui-sign-in',
    defaultValue: value,
    lastResult,
    constraint: getZodConstraint(signInSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseSection(formData, signInSchema),
  })
  const submit = useSubmitDisabled(form)
  const sc = fields.service_center.getFieldset()
  const sso = fields.sso.getFieldset()
  return (
    <SectionCard id="sign-in" title={t('ui.sign_in.title')} description={t('ui.sign_in.description')}>
      <Form method="post" {...getFormProps(form)} className="aui-form">
        <CsrfInput />
        <input type="hidden" name="base" value={base} />
        <FormAlerts id={form.errorId} errors={form.errors} section="sign-in" />
        <div
          className="aui-group"
          role="group"
          aria-labelledby="sign-in-sc"
          aria-describedby="sign-in-sc-hint"
        >
          <h3 id="sign-in-sc" className="aui-group-title">
            {t('ui.sign_in.service_center')}
          </h3>
          <p id="sign-in-sc-hint" className="aui-hint aui-group-hint">
            {t('ui.sign_in.service_center.hint')}
          </p>
          <AdminTextField
            meta={sc.url}
            type="url"
            label={t('ui.sign_in.sc_url')}
            placeholder="https://"
            description={t('ui.sign_in.sc_url.hint')}
          />
          <div className="aui-row-2">
            <AdminTextField
              meta={sc.project_id}
              label={t('ui.sign_in.project_id')}
              description={t('ui.sign_in.project_id.hint')}
            />
            <AdminTextField
              meta={sc.account_id}
              label={t('ui.sign_in.account_id')}
              description={t('ui.sign_in.account_id.hint')}
            />
          </div>
        </div>
        <div
          className="aui-group"
          role="group"
          aria-labelledby="sign-in-sso"
          aria-describedby="sign-in-sso-hint"
        >
          <h3 id="sign-in-sso" className="aui-group-title">
            {t('ui.sign_in.sso')}
          </h3>
          <p id="sign-in-sso-hint" className="aui-hint aui-group-hint">
            {t('ui.sign_in.sso.hint')}
          </p>
          <div className="aui-row-2">
            <AdminTextField
              meta={sso.issuer}
              type="url"
              label={t('ui.sign_in.issuer')}
              placeholder="https://"
            />
            <AdminTextField meta={sso.audience} label={t('ui.sign_in.audience')} />
          </div>
          <AdminTextField
            meta={sso.jwks_url}
            type="url"
            label={t('ui.sign_in.jwks_url')}
            placeholder="https://"
          />
          <AdminToggle
            meta={sso.create_users}
            kind="checkbox"
            label={t('ui.sign_in.create_users')}
            description={t('ui.sign_in.create_users.hint')}
          />
        </div>
        <div className="aui-actions">
          <SaveButton intent="sign-in:save" disabled={submit.disabled} />
        </div>
      </Form>
    </SectionCard>
  )
}
