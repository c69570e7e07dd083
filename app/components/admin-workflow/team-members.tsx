import { PickOneForm, RemoveOneForm } from '../admin/intent-forms'
import { PlusIcon } from '../ui/icons'
import { memberFormSchema } from './schemas'
import { useWorkflowT } from './use-workflow-t'

export interface Member {
  id: string
  name: string
  email: string
}

/**
 * Editing → the team's members (POST /teams/bind-team): each with a remove button, then a form to
 * add one of the node's other users. Each is its own small form, so each works without JavaScript.
 */
export function TeamMembers({
  action,
  members,
  others,
}: {
  action: string
  members: Member[]
  others: Member[]
}) {
  const { t } = useWorkflowT()
  return (
    <>
      {members.length === 0 ? (
        <p className="muted">{t('teams.members.empty')}</p>
      ) : (
        <ul className="member-list" aria-label={t('teams.members.heading')}>
          {members.map((m) => (
            <li key={m.id} className="member">
              <span className="member-name">{m.name}</span>
              <span className="member-email">{m.email}</span>
              <RemoveOneForm
                action={action}
                intent="remove_member"
                name="user_id"
                value={m.id}
                label={t('teams.members.remove')}
                ariaLabel={t('teams.members.remove_label', { name: m.name })}
              />
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 ? (
        <PickOneForm
          key={members.map((m) => m.id).join()}
          id="team-add-member"
          className="form member-add"
          action={action}
          intent="add_member"
          schema={memberFormSchema}
          name="user_id"
          label={t('teams.members.user')}
          placeholder={t('teams.members.choose')}
          options={others.map((u) => ({ value: u.id, label: `${u.name} · ${u.email}` }))}
          icon={<PlusIcon width={14} height={14} />}
          submitLabel={t('teams.members.add')}
        />
      ) : null}
    </>
  )
}
