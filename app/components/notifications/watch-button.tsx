import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CsrfInput } from '../csrf-input'
import { BellIcon } from '../ui/icons'

/**
 * Watch / Unwatch on the task card (issue 13): a watcher is told of the task's status changes and
 * comments. A form posted to the card's action, so it works without JavaScript.
 */
export function WatchButton({ watching }: { watching: boolean }) {
  const { t } = useTranslation()
  return (
    <Form method="post" className="watch-form">
      <CsrfInput />
      <button
        type="submit"
        name="intent"
        value={watching ? 'unwatch' : 'watch'}
        className="button button-ghost"
        title={t('notifications.watch.hint')}
        data-testid="task-watch"
      >
        <BellIcon width={16} height={16} aria-hidden="true" />
        {watching ? t('notifications.unwatch') : t('notifications.watch')}
      </button>
    </Form>
  )
}
