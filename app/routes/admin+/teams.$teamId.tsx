import { useLoaderData } from '@remix-run/react'
import { DeleteSection } from '~/components/admin/delete-section'
import { DialogSection } from '~/components/admin/dialog-section'
import { CONFIRM_DELETE, teamPaths } from '~/components/admin-workflow/paths'
import { TeamForm } from '~/components/admin-workflow/team-form'
import { TeamMembers } from '~/components/admin-workflow/team-members'
import { useDeleteLabels } from '~/components/admin-workflow/use-delete-labels'
import { useWorkflowT } from '~/components/admin-workflow/use-workflow-t'
import { Dialog } from '~/components/ui/dialog'
import type { editLoader } from './__teams.server'

export { editAction as action, editLoader as loader } from './__teams.server'

/** /admin/teams/{id}: the Editing dialog — name and description, members, deleting. */
export default function EditTeamDialog() {
  const { t } = useWorkflowT()
  const { team, members, others, query, confirming } = useLoaderData<typeof editLoader>()
  const here = teamPaths.item(team.id, query)
  return (
    <Dialog
      title={t('workflow.editing')}
      subtitle={<span className="dialog-subtitle-name">{team.name}</span>}
      closeHref={teamPaths.list(query)}
      data-testid="team-edit-dialog"
    >
      <DialogSection title={t('teams.section')}>
        <TeamForm key={`${team.name}\n${team.description}`} action={here} team={team} />
      </DialogSection>
      <DialogSection title={t('teams.members.heading')} hint={t('teams.members.hint')}>
        <TeamMembers action={here} members={members} others={others} />
      </DialogSection>
      <DialogSection title={t('workflow.delete.heading')}>
        <DeleteSection
          action={here}
          confirming={confirming}
          confirmHref={teamPaths.item(team.id, query, CONFIRM_DELETE)}
          cancelHref={here}
          labels={useDeleteLabels('teams', team.name)}
        />
      </DialogSection>
    </Dialog>
  )
}
