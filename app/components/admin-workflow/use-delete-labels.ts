import { useWorkflowT } from './use-workflow-t'

/** The Delete section's texts for one kind of item (`statuses.delete.hint`, `…title`, `…text`). */
export function useDeleteLabels(kind: 'statuses' | 'progress' | 'processes' | 'teams', name: string) {
  const { t } = useWorkflowT()
  return {
    hint: t(`${kind}.delete.hint`),
    delete: t('workflow.delete'),
    title: t('workflow.delete.title', { name }),
    text: t(`${kind}.delete.text`),
    cancel: t('workflow.cancel'),
  }
}
