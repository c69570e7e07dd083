import type { GrantRightInput } from '@domain/rights/grant-schema'
import { hasRight, type RightsMap } from '@domain/rights/rights'
import type { Db } from '../db/client'
import type { Caller } from '../http/caller'
import type { Pagination } from '../http/envelope'
import { badInput, notFound } from '../http/errors'
import { writeAudit } from '../repositories/audit-repository'
import { boundUserIds } from '../repositories/nodes-repository'
import {
  deleteRight,
  grantRight,
  listSubjectRights,
  type RightRow,
  rightsOf,
  rightsOfUsers,
  type Subject,
  subjectInNode,
} from '../repositories/rights-repository'
import { requireNodeBinding, requireNodeRight } from './access'

export const presentRight = (r: RightRow) => ({
  id: r.id,
  right_code: r.rightCode,
  attributes: r.attributes && r.attributes.length > 0 ? r.attributes : null,
  subject_type: r.subjectType,
  subject_id: r.subjectId,
})

/** A merged rights map as the web app reads it: a list by code, attributes null for "all", sorted so answers are stable. */
const rightsList = (m: RightsMap = {}) =>
  Object.keys(m)
    .sort()
    .map((code) => ({ right_code: code, attributes: m[code] ? [...m[code]].sort() : null }))

/**
 * The effective rights (own and teams') of the given users bound to the node; unbound ids are left
 * out. Asking only about yourself needs no right at all, only the binding: the web app learns from
 * this very answer that is_authorized is missing, and shows node-not-binded. Anyone else: is_admin.
 */
export async function rightsOfNodeUsers(db: Db, c: Caller, nodeId: string, userIds: string[]) {
  const ids = [...new Set(userIds)]
  if (ids.every((id) => id === c.auth.user.id)) await requireNodeBinding(db, c.auth, nodeId)
  else await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  const bound = await boundUserIds(db, nodeId, ids)
  const rights = await rightsOfUsers(db, nodeId, bound)
  return Object.fromEntries(bound.map((id) => [id, rightsList(rights.get(id))]))
}

export const subjectOf = (i: { user_id?: string; team_id?: string }): Subject =>
  i.user_id !== undefined ? { type: 'user', id: i.user_id } : { type: 'team', id: i.team_id! }

async function requireSubject(db: Db, nodeId: string, subject: Subject) {
  if (!(await subjectInNode(db, nodeId, subject)))
    throw notFound(subject.type === 'user' ? 'users.user_not_found' : 'teams.team_not_found')
}

/** The grants made directly to one user or team of the node (not what they get through teams). */
export async function listGrants(db: Db, c: Caller, nodeId: string, subject: Subject, p: Pagination) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  await requireSubject(db, nodeId, subject)
  const { rows, total } = await listSubjectRights(db, nodeId, subject, p)
  return { rows: rows.map(presentRight), total }
}

/** Grants a right, or replaces the attributes of the same right of the same subject. */
export async function grant(db: Db, c: Caller, nodeId: string, input: GrantRightInput) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  const subject = subjectOf(input)
  await requireSubject(db, nodeId, subject)
  return db.transaction(async (tx) => {
    const row = await grantRight(tx, nodeId, subject, input.right_code, input.attributes)
    await writeAudit(tx, {
      nodeId,
      actorId: c.auth.user.id,
      action: 'rights.granted',
      targetId: row!.id,
      data: { subject, right_code: input.right_code, attributes: input.attributes },
      requestId: c.requestId,
    })
    return presentRight(row!)
  })
}

/**
 * Revokes one grant. Refused (422) when the caller would lose is_admin or is_authorized by it,
 * whether the grant is their own or their team's: an administrator cannot lock themself out.
 */
export async function revoke(db: Db, c: Caller, nodeId: string, rightId: string) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  return db.transaction(async (tx) => {
    const row = await deleteRight(tx, nodeId, rightId)
    if (!row) throw notFound('rights.right_not_found')
    const left = await rightsOf(tx, nodeId, c.auth.user.id)
    if (!hasRight(left, 'is_admin') || !hasRight(left, 'is_authorized'))
      throw badInput('rights.cannot_revoke_own_admin', ['params', 'rightId'])
    await writeAudit(tx, {
      nodeId,
      actorId: c.auth.user.id,
      action: 'rights.revoked',
      targetId: row.id,
      data: { subject: { type: row.subjectType, id: row.subjectId }, right_code: row.rightCode },
      requestId: c.requestId,
    })
    return presentRight(row)
  })
}
