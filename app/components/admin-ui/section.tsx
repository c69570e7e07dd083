import { useLocation, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import type { Section } from './schemas'
import { useAdminT } from './use-admin-t'

interface SectionCardProps {
  id: Section
  title: string
  description: ReactNode
  aside?: ReactNode
  children: ReactNode
}

/** One settings group: a card with its heading, what it is for, and its own form. */
export function SectionCard({ id, title, description, aside, children }: SectionCardProps) {
  return (
    <section id={id} className="aui-card" aria-labelledby={`${id}-title`}>
      <div className="aui-card-head">
        <div>
          <h2 id={`${id}-title`} className="aui-card-title">
            {title}
          </h2>
          <p className="aui-card-description">{description}</p>
        </div>
        {aside}
      </div>
      {children}
    </section>
  )
}

/**
 * A form's own errors: a conflict is a warning with a way to reload (the spec's 409 alert);
 * anything else that is not about one field is a danger alert.
 */
export function FormAlerts({ id, errors, section }: { id?: string; errors?: string[]; section: Section }) {
  const { t } = useAdminT()
  const { search } = useLocation()
  if (!errors?.length) return null
  const conflict = errors.includes('nodes.node_conflict')
  // A link that differs from the address by its fragment alone would only scroll: flip a harmless
  // query parameter, so the browser loads the page again (a plain <a>, with or without JavaScript).
  const reload = `/admin/ui${new URLSearchParams(search).has('reload') ? '' : '?reload'}#${section}`
  return (
    <Alert type={conflict ? 'warning' : 'danger'} id={id}>
      {errors.map((code) => t(code)).join(' ')}
      {conflict ? (
        <>
          {' '}
          <a href={reload} className="aui-alert-link">
            {t('ui.conflict.reload')}
          </a>
        </>
      ) : null}
    </Alert>
  )
}

/** The submit button of a form, pending while its own intent is on its way. */
export function SaveButton({
  intent,
  pending,
  label,
  disabled,
}: {
  intent: string
  pending?: boolean
  label?: string
  /** While something else of the same form is on its way (a menu step), or the form has an error to fix (`useSubmitDisabled`). */
  disabled?: boolean
}) {
  const { t } = useAdminT()
  const navigation = useNavigation()
  const busy = pending ?? (navigation.state !== 'idle' && navigation.formData?.get('intent') === intent)
  return (
    <Button type="submit" name="intent" value={intent} isPending={busy} isDisabled={disabled && !busy}>
      {busy ? t('ui.saving') : (label ?? t('ui.save'))}
    </Button>
  )
}

/**
 * The first submit button of a form with several: pressing Enter in a field submits with it,
 * so Enter saves rather than moving or removing whatever button came first.
 */
export function DefaultSubmit({ intent }: { intent: string }) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className="visually-hidden"
      tabIndex={-1}
      aria-hidden="true"
    />
  )
}
