import { Form } from '@remix-run/react'
import { type ChangeEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CsrfInput, useCsrfToken } from '~/components/csrf-input'
import { Avatar } from '~/components/layout/avatar'
import { Button } from '~/components/ui/button'
import { CSRF_FIELD } from '~/lib/csrf'
import { routes } from '~/lib/routes'

/** As the upstream's LOGO_MAX_BYTES: the browser says so before sending (the upstream decides). */
const MAX_KB = 512
const ACCEPT = 'image/png,image/jpeg,image/webp'

/** The user's picture in their profile: its card, its heading and the forms. */
export function ProfilePicture({ name, logo }: { name: string; logo: string | null }) {
  const { t } = useTranslation()
  return (
    <section className="card form-card profile-picture" aria-labelledby="profile-picture-title">
      <h2 className="form-section-title" id="profile-picture-title">
        {t('lk.profile.picture')}
      </h2>
      <PictureForms name={name} logo={logo} action={routes.profile()} />
    </section>
  )
}

/**
 * A user's picture (spec §3 user.logo) and its forms, posted to `action` (the profile, or the
 * administrator's Editing dialog): a multipart form that posts without JavaScript (the action
 * streams the file to the upstream, so the CSRF token rides in the URL) and, with it, shows the
 * chosen image before it is sent; a second small form (intent remove-logo) removes the picture.
 */
export function PictureForms({ name, logo, action }: { name: string; logo: string | null; action: string }) {
  const { t } = useTranslation()
  const csrf = useCsrfToken()
  const [preview, setPreview] = useState<string | null>(null)
  const [tooLarge, setTooLarge] = useState(false)
  // The chosen file's object URL lives as long as it is shown.
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview])
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0]
    setTooLarge(Boolean(file && file.size > MAX_KB * 1024))
    setPreview(file ? URL.createObjectURL(file) : null)
  }
  const query = new URLSearchParams({ intent: 'logo', [CSRF_FIELD]: csrf })
  const upload = `${action}${action.includes('?') ? '&' : '?'}${query}`
  return (
    <div className="profile-picture-row">
      <Avatar name={name} logo={preview ?? logo} size={72} className="profile-avatar" testId="profile-logo" />
      <div className="profile-picture-forms">
        <form method="post" encType="multipart/form-data" action={upload} className="profile-picture-upload">
          <label className="field-label" htmlFor="profile-logo-file">
            {t('lk.profile.picture_choose')}
          </label>
          <input
            id="profile-logo-file"
            type="file"
            name="file"
            accept={ACCEPT}
            required
            onChange={onChange}
            aria-describedby="profile-logo-note"
            data-testid="profile-logo-file"
          />
          <div className="profile-picture-actions">
            <Button
              type="submit"
              variant="secondary"
              size="sm"
              isDisabled={tooLarge}
              data-testid="profile-logo-save"
            >
              {t('lk.profile.picture_save')}
            </Button>
          </div>
        </form>
        {logo ? (
          <Form method="post" action={action} className="profile-picture-remove">
            <CsrfInput />
            <input type="hidden" name="intent" value="remove-logo" />
            <Button type="submit" variant="ghost" size="sm" data-testid="profile-logo-remove">
              {t('lk.profile.picture_remove')}
            </Button>
          </Form>
        ) : null}
        <p
          className={tooLarge ? 'form-note field-error' : 'form-note'}
          id="profile-logo-note"
          role={tooLarge ? 'alert' : undefined}
        >
          {tooLarge
            ? t('users.logo_too_large', { max_kb: MAX_KB })
            : t('lk.profile.picture_note', { max_kb: MAX_KB })}
        </p>
      </div>
    </div>
  )
}
