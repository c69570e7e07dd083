import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '~/components/page/empty-state'
import { PageHeader } from '~/components/page/page-header'
import { Button } from '~/components/ui/button'
import { FormIcon } from '~/components/ui/icons'
import { titleMeta } from '~/lib/meta'
import { pageTitle } from '~/lib/page.server'

/**
 * Spec §2 /lk t/add/{processKey}: 'Create Task' with the process's form and save. The form is
 * generated from the process's fields when processes and forms arrive; until then, its empty state.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return { title: await pageTitle(request, 'tasks.add.title'), processKey: params.processKey ?? '' }
}

export const meta = titleMeta

export default function CreateTaskPage() {
  const { t } = useTranslation()
  const { title, processKey } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title={title} subtitle={t('tasks.add.process', { process: processKey })} />
      <div className="card">
        <EmptyState icon={<FormIcon width={20} height={20} />} title={t('tasks.add.no_form')} />
        <div className="form-actions">
          <Button type="button" isDisabled>
            {t('tasks.add.save')}
          </Button>
        </div>
      </div>
    </>
  )
}
