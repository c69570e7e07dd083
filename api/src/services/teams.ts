import { hasRight } from '@domain/rights/rights'
import type { BindTeamInput, TeamInput } from '@domain/workflow/schemas'
import type { Db, Tx } from '../db/client'
import type { Caller } from '../http/caller'
import type { Pagination } from '../http/envelope'
import { badInput, conflict, notFound } from '../http/errors'
import { rightsOf } from '../repositories/rights-repository'
import {
  addMembers,
  boundUserIdSet,
  deleteTeam,
  getTeam,
  insertTeam,
  listTeams,
  lockTeam,
  removeMembers,
  type TeamWithMembers,
  teamInTransitions,
  updateTeam,
} from '../repositories/teams-repository'
import { requireNodeRight } from './access'
import { auditIn } from './statuses'

export const presentTeam = (t: TeamWithMembers) => ({
  id: t.id,
  name: t.name,
  description: t.description,
  user_ids: t.userIds,
})

/**
 * Rights come through teams too (PRODUCT.md §3): a change that would take is_admin or
 * is_authorized from the administrator making it is refused, as revoking them directly is.
 */
async function keepOwnAdmin(tx: Tx, c: Caller, nodeId: string, loc: (string | number)[]) {
  const left = await rightsOf(tx, nodeId, c.auth.user.id)
  if (!hasRight(left, 'is_admin') || !hasRight(left, 'is_authorized'))
    throw badInput('rights.cannot_revoke_own_admin', loc)
}

export async function listNodeTeams(db: Db, c: Caller, nodeId: string, q: Pagination & { search?: string }) {
  await requireNodeRight(db, c.auth, nodeId)
  const { rows, total } = await listTeams(db, nodeId, q)
  return { rows: rows.map(presentTeam), total }
}

/** One team of the node with its members' ids. */
export async function getNodeTeam(db: Db, c: Caller, nodeId: string, id: string) {
  await requireNodeRight(db, c.auth, nodeId)
  const row = await getTeam(db, nodeId, id)
  if (!row) throw notFound('teams.team_not_found', ['params', 'teamId'])
  return presentTeam(row)
}

export async function createTeam(db: Db, c: Caller, nodeId: string, input: TeamInput) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  return db.transaction(async (tx) => {
    const row = await insertTeam(tx, nodeId, input)
    await auditIn(tx, c, nodeId, 'teams.team_created', row.id, { name: row.name })
    return presentTeam({ ...row, userIds: [] })
  })
}

export async function editTeam(db: Db, c: Caller, nodeId: string, id: string, input: Partial<TeamInput>) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  return db.transaction(async (tx) => {
    if (!(await lockTeam(tx, nodeId, id))) throw notFound('teams.team_not_found')
    await updateTeam(tx, nodeId, id, input)
    await auditIn(tx, c, nodeId, 'teams.team_edited', id, input)
    return presentTeam((await getTeam(tx, nodeId, id))!)
  })
}

/**
 * Deletes a team with its memberships and the rights granted to it. Refused (409) while a process
 * transition names the team: deleting it would silently change who may make that move.
 */
export async function removeTeam(db: Db, c: Caller, nodeId: string, id: string) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  return db.transaction(async (tx) => {
    const row = await lockTeam(tx, nodeId, id)
    if (!row) throw notFound('teams.team_not_found')
    if (await teamInTransitions(tx, nodeId, id)) throw conflict('teams.team_in_use', ['params', 'teamId'])
    await deleteTeam(tx, nodeId, id)
    await keepOwnAdmin(tx, c, nodeId, ['params', 'teamId'])
    await auditIn(tx, c, nodeId, 'teams.team_deleted', id, { name: row.name })
    return { id }
  })
}

/** Adds users of the node to a team, or removes them (`unbind`); both idempotent. */
export async function bindTeam(db: Db, c: Caller, nodeId: string, input: BindTeamInput) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  return db.transaction(async (tx) => {
    if (!(await lockTeam(tx, nodeId, input.team_id)))
      throw notFound('teams.team_not_found', ['body', 'team_id'])
    const bound = await boundUserIdSet(tx, nodeId, input.user_ids)
    const i = input.user_ids.findIndex((id) => !bound.has(id))
    if (i >= 0) throw notFound('users.user_not_found', ['body', 'user_ids', i])
    if (input.unbind) {
      await removeMembers(tx, nodeId, input.team_id, input.user_ids)
      await keepOwnAdmin(tx, c, nodeId, ['body', 'user_ids'])
    } else await addMembers(tx, nodeId, input.team_id, input.user_ids)
    await auditIn(
      tx,
      c,
      nodeId,
      input.unbind ? 'teams.members_unbound' : 'teams.members_bound',
      input.team_id,
      {
        user_ids: input.user_ids,
      },
    )
    return presentTeam((await getTeam(tx, nodeId, input.team_id))!)
  })
}
