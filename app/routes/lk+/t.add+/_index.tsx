import { type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '~/components/page/empty-state'
import { PageHeader } from '~/components/page/page-header'
import { Button } from '~/components/ui/button'
import { WorkflowIcon } from '~/components/ui/icons'
import { requireTaskCreate } from '~/lib/access.server'
import { titleMeta } from '~/lib/meta'
import { pageTitle } from '~/lib/page.server'
import { routes } from '~/lib/routes'
import { creatableProcesses } from '~/lib/tasks/processes.server'

/**
 * Spec §2 /lk t/add: choose the process ('Select a process', next). A GET form, so "next" works
 * without JavaScript: `?process=KEY` leads on to /lk/t/add/KEY. Only the processes the user may
 * create tasks in (task_create with their key, or without attributes) are offered.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const access = await requireTaskCreate(request)
  const chosen = new URL(request.url).searchParams.get('process')
  if (chosen) throw redirect(routes.taskAddProcess(chosen))
  const processes = (await creatableProcesses(request, access)).map((p) => ({ key: p.key, name: p.name }))
  return { title: await pageTitle(request, 'tasks.add.choose'), processes }
}

export const meta = titleMeta

export default function ChooseProcessPage() {
  const { t } = useTranslation()
  const { title, processes } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title={title} />
      <Form method="get" className="card process-chooser">
        {processes.length ? (
          <fieldset className="choice-list">
            <legend className="visually-hidden">{title}</legend>
            {processes.map((p, i) => (
              <label key={p.key} className="choice">
                <input type="radio" name="process" value={p.key} defaultChecked={i === 0} />
                <span className="choice-name">{p.name}</span>
                <code className="choice-key">{p.key}</code>
              </label>
            ))}
          </fieldset>
        ) : (
          <EmptyState
            icon={<WorkflowIcon width={20} height={20} />}
            title={t('tasks.add.no_processes')}
            testId="no-processes"
          >
            {t('tasks.add.no_processes_hint')}
          </EmptyState>
        )}
        <div className="form-actions">
          <Button type="submit" isDisabled={processes.length === 0}>
            {t('tasks.add.next')}
          </Button>
        </div>
      </Form>
    </>
  )
}
