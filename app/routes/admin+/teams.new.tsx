import { useLoaderData } from '@remix-run/react'
import { teamPaths } from '~/components/admin-workflow/paths'
import { TeamForm } from '~/components/admin-workflow/team-form'
import { useWorkflowT } from '~/components/admin-workflow/use-workflow-t'
import { Dialog } from '~/components/ui/dialog'
import type { newLoader } from './__teams.server'

export { newAction as action, newLoader as loader } from './__teams.server'

/** /admin/teams/new: the Add dialog; once created, its Editing dialog opens to add members. */
export default function NewTeamDialog() {
  const { t } = useWorkflowT()
  const { query } = useLoaderData<typeof newLoader>()
  return (
    <Dialog title={t('teams.new')} closeHref={teamPaths.list(query)} data-testid="team-new-dialog">
      <TeamForm action={teamPaths.add(query)} cancelHref={teamPaths.list(query)} />
    </Dialog>
  )
}
