import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '~/components/ui/alert'
import { useLive } from '~/lib/live/use-live'

/**
 * The task card's word that someone else changed the task being viewed (PRODUCT.md §7 "Live"):
 * "changed by X — reload", instead of a 409 on the next save. It comes from the tab's live stream;
 * the reload is a plain link to the card as it is now.
 */
export function TaskLiveBanner({ taskId, version, href }: { taskId: string; version: number; href: string }) {
  const { t } = useTranslation()
  const [changedBy, setChangedBy] = useState<{ version: number; name: string } | null>(null)
  useLive(
    { task: taskId },
    {
      task: (f) => {
        if (f.id !== taskId || f.version <= version) return
        setChangedBy({ version: f.version, name: f.actor?.full_name ?? t('tasks.live.someone') })
      },
    },
  )
  if (!changedBy || changedBy.version <= version) return null
  return (
    <div className="task-live-banner" data-testid="task-live-banner">
      <Alert type="info">
        {t('tasks.live.changed_by', { name: changedBy.name })}{' '}
        <a href={href} data-testid="task-live-reload">
          {t('tasks.live.reload')}
        </a>
      </Alert>
    </div>
  )
}
