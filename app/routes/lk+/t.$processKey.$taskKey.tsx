import { formatDateTime } from '@domain/fields/dates'
import type { LinksFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CsrfInput, useCsrfToken } from '~/components/csrf-input'
import { WatchButton } from '~/components/notifications/watch-button'
import { PageHeader } from '~/components/page/page-header'
import taskStyles from '~/components/task/task.css'
import { TaskAttachments } from '~/components/task/task-attachments'
import { TaskComments } from '~/components/task/task-comments'
import { TaskHistory } from '~/components/task/task-history'
import { TaskLiveBanner } from '~/components/task/task-live-banner'
import { TaskStatus } from '~/components/task/task-status'
import { EditIcon } from '~/components/ui/icons'
import { GenericForm } from '~/fields/form/generic-form'
import { fieldLinks } from '~/fields/links'
import { CSRF_FIELD } from '~/lib/csrf'
import { titleMeta } from '~/lib/meta'
import { routes } from '~/lib/routes'
import type { action, loader } from './__task-card.server'

export { action, loader } from './__task-card.server'
export const links: LinksFunction = () => [...fieldLinks(), { rel: 'stylesheet', href: taskStyles }]
export const meta = titleMeta

/**
 * Spec §2 /lk t/{processKey}/{taskKey}: the task card ('карточка задачи'). The process's form in
 * view mode, or in edit mode (?edit=1, the Edit button) with the status's read-only and required
 * fields; the status and its allowed moves; attachments; comments; history.
 */
export default function TaskCardPage() {
  const { t } = useTranslation()
  const data = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const csrf = useCsrfToken()
  const { task, form, mode } = data
  const card = routes.TaskCard(task.process.key, task.key)
  const editing = mode === 'edit'
  const uploadAction = `${card}?${new URLSearchParams({ intent: 'upload', [CSRF_FIELD]: csrf })}`
  const editResult = answer && 'result' in answer && answer.intent === 'edit' ? answer.result : undefined
  const commentErrors = answer && 'errors' in answer ? answer.errors : undefined

  return (
    <div className="task-card" data-testid="task-card" data-mode={mode}>
      <PageHeader
        title={data.title}
        subtitle={
          <>
            <span className="task-key" data-testid="task-key">
              {task.key}
            </span>{' '}
            · {task.title}
          </>
        }
        actions={
          <>
            <WatchButton watching={data.watching} />
            {data.canEdit ? (
              editing ? (
                <Link className="button button-ghost" to={card} data-testid="task-cancel">
                  {t('tasks.card.cancel')}
                </Link>
              ) : (
                <Link className="button button-secondary" to={`${card}?edit=1`} data-testid="task-edit">
                  <EditIcon width={16} height={16} aria-hidden="true" />
                  {t('tasks.card.edit')}
                </Link>
              )
            ) : null}
          </>
        }
      />
      <TaskLiveBanner taskId={task.id} version={task.version} href={editing ? `${card}?edit=1` : card} />
      <div className="task-layout">
        <div className="task-main">
          <section className="card task-section" aria-label={t('tasks.card.fields')} data-testid="task-form">
            <GenericForm
              key={`${mode}-${task.version}`}
              id={editing ? 'task-edit' : 'task-view'}
              definitions={form.definitions}
              form={form.description}
              defaultValue={data.values}
              options={data.options}
              lastResult={editResult}
              readOnly={!editing}
              submitLabel={t('tasks.card.save')}
            >
              <CsrfInput />
              <input type="hidden" name="intent" value="edit" />
              <input type="hidden" name="version" value={task.version} />
            </GenericForm>
          </section>
          <TaskAttachments
            key={task.id}
            attachments={data.attachments}
            expandAll={data.expandAttachments}
            canEdit={data.canEdit}
            uploadAction={uploadAction}
          />
          <TaskComments comments={data.comments} canComment={data.canEdit} errors={commentErrors} />
        </div>
        <aside className="task-side">
          <section className="card task-section" aria-labelledby="task-status-title">
            <h2 className="task-section-title" id="task-status-title">
              {t('tasks.card.status')}
            </h2>
            <TaskStatus status={task.status} moves={data.moves} version={task.version} />
          </section>
          <section className="card task-section" aria-labelledby="task-details-title">
            <h2 className="task-section-title" id="task-details-title">
              {t('tasks.card.details')}
            </h2>
            <dl className="task-details">
              <dt>{t('tasks.card.process')}</dt>
              <dd>{task.process.name}</dd>
              <dt>{t('tasks.card.author')}</dt>
              <dd>{task.author || '—'}</dd>
              <dt>{t('tasks.card.assignee')}</dt>
              <dd data-testid="task-assignee">{task.assignee || t('tasks.card.nobody')}</dd>
              <dt>{t('tasks.card.created')}</dt>
              <dd>{formatDateTime(task.created_at)}</dd>
              <dt>{t('tasks.card.updated')}</dt>
              <dd>{formatDateTime(task.updated_at)}</dd>
            </dl>
          </section>
          <TaskHistory rows={data.history} />
        </aside>
      </div>
    </div>
  )
}
