import type { LinksFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CsrfInput } from '~/components/csrf-input'
import { PageHeader } from '~/components/page/page-header'
import taskStyles from '~/components/task/task.css'
import { GenericForm } from '~/fields/form/generic-form'
import { fieldLinks } from '~/fields/links'
import { titleMeta } from '~/lib/meta'
import { routes } from '~/lib/routes'
import type { action, loader } from './__create-task.server'

export { action, loader } from './__create-task.server'
export const links: LinksFunction = () => [...fieldLinks(), { rel: 'stylesheet', href: taskStyles }]
export const meta = titleMeta

/**
 * Spec §2 /lk t/add/{processKey}: 'Create Task' with the process's form (or title, description
 * and assignee when it has none) and save. Without JavaScript the form posts and the action
 * answers with the same messages.
 */
export default function CreateTaskPage() {
  const { t } = useTranslation()
  const { title, process, definitions, description, options } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  return (
    <>
      <PageHeader
        title={title}
        subtitle={t('tasks.add.process', { process: process.name })}
        actions={
          <Link className="button button-ghost" to={routes.taskAdd()}>
            {t('tasks.add.change_process')}
          </Link>
        }
      />
      <div className="card task-form-card" data-testid="task-create">
        <GenericForm
          id="task-create"
          definitions={definitions}
          form={description}
          options={options}
          lastResult={answer?.result}
          submitLabel={t('tasks.add.save')}
        >
          <CsrfInput />
        </GenericForm>
      </div>
    </>
  )
}
