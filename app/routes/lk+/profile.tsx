import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { profileSchema } from '@domain/users/user-schema'
import type { LinksFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CsrfInput } from '~/components/csrf-input'
import { PageHeader } from '~/components/page/page-header'
import profileStyles from '~/components/profile/profile.css'
import { ProfilePicture } from '~/components/profile/profile-picture'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { TextField } from '~/components/ui/text-field'
import { useSubmitDisabled } from '~/components/ui/use-submit-disabled'
import { titleMeta } from '~/lib/meta'
import type { action, loader } from './__profile.server'

export { action, loader } from './__profile.server'
export const meta = titleMeta
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: profileStyles }]

/**
 * Spec §2 /lk profile: the user's own name (fio) and contacts, saved with one button. One schema
 * (domain/users/user-schema.ts) checks in the browser and in the action; without JavaScript the
 * form posts and the action answers with the same errors. With it, Save is disabled while the form
 * shows an error (spec §2, `useSubmitDisabled`).
 *
 * Spec §3: "the English labels for middle name and last name are swapped relative to the field
 * names": in English, fio.middlename is labelled "Last name" and fio.surname "Middle name" — kept
 * as the spec says (public/locales/en/shell.json), the other languages label them as they are.
 */
export default function ProfilePage() {
  const { t } = useTranslation()
  const { title, user } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'profile',
    lastResult: navigation.state === 'idle' ? actionData?.result : null,
    defaultValue: { fio: user.fio, contacts: user.contacts },
    constraint: getZodConstraint(profileSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileSchema }),
  })
  const submit = useSubmitDisabled(form)
  const fio = fields.fio.getFieldset()
  const contacts = fields.contacts.getFieldset()
  const pending = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const formErrors = form.errors ?? []
  return (
    <>
      <PageHeader title={title} subtitle={t('lk.profile.subtitle')} />
      <ProfilePicture name={user.name} logo={user.logo} />
      <Form method="post" {...getFormProps(form)} className="card form-card">
        <CsrfInput />
        {formErrors.length ? (
          <Alert type="warning" id={form.errorId}>
            {formErrors.map((code) => t(code)).join(' ')}
          </Alert>
        ) : null}
        <fieldset className="form-section">
          <legend className="form-section-title">{t('lk.profile.fio')}</legend>
          <div className="form-grid">
            <TextField meta={fio.name} label={t('lk.profile.name')} autoComplete="given-name" />
            <TextField
              meta={fio.middlename}
              label={t('lk.profile.middlename')}
              autoComplete="additional-name"
            />
            <TextField meta={fio.surname} label={t('lk.profile.surname')} autoComplete="family-name" />
          </div>
        </fieldset>
        <fieldset className="form-section">
          <legend className="form-section-title">{t('lk.profile.contacts')}</legend>
          <div className="form-grid">
            <TextField
              meta={contacts.email}
              label={t('lk.profile.email')}
              type="email"
              autoComplete="email"
            />
            <TextField meta={contacts.phone} label={t('lk.profile.phone')} type="tel" autoComplete="tel" />
          </div>
          <p className="form-note">{t('lk.profile.login', { email: user.userName })}</p>
        </fieldset>
        <div className="form-actions">
          <Button type="submit" isPending={pending} isDisabled={submit.disabled && !pending}>
            {pending ? t('lk.profile.saving') : t('lk.profile.save')}
          </Button>
        </div>
      </Form>
    </>
  )
}
