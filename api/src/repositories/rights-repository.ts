import { mergeRights, type Right, type RightsMap } from '@domain/rights/rights'
import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { reads } from '../db/reads'
import { nodeUsers, rights, teamMembers, teams } from '../db/schema'
import type { Pagination } from '../http/envelope'

/** A user's rights in a node: their own and their teams', merged (PRODUCT.md §3). */
export async function rightsOf(db: Db | Tx, nodeId: string, userId: string): Promise<RightsMap> {
  const rows = await db
    .select({ right_code: rights.rightCode, attributes: rights.attributes })
    .from(rights)
    .where(
      and(
        eq(rights.nodeId, nodeId),
        or(
          and(eq(rights.subjectType, 'user'), eq(rights.subjectId, userId)),
          and(
            eq(rights.subjectType, 'team'),
            inArray(
              rights.subjectId,
              db
                .select({ id: teamMembers.teamId })
                .from(teamMembers)
                .where(and(eq(teamMembers.nodeId, nodeId), eq(teamMembers.userId, userId))),
            ),
          ),
        ),
      ),
    )
  return mergeRights(rows as Right[])
}

/** Grants (or replaces the attributes of) a right; idempotent per subject and code. */
export async function grantRight(
  db: Db | Tx,
  nodeId: string,
  subject: { type: 'user' | 'team'; id: string },
  code: string,
  attributes: string[] | null = null,
) {
  const [row] = await db
    .insert(rights)
    .values({ nodeId, subjectType: subject.type, subjectId: subject.id, rightCode: code, attributes })
    .onConflictDoUpdate({
      target: [rights.nodeId, rights.subjectType, rights.subjectId, rights.rightCode],
      set: { attributes: sql`excluded.attributes` },
    })
    .returning()
  return row
}

export type RightRow = typeof rights.$inferSelect
export type Subject = { type: 'user' | 'team'; id: string }

/** Rights of several users at once: one query for direct grants, one for their teams'. */
export async function rightsOfUsers(
  db: Db | Tx,
  nodeId: string,
  userIds: string[],
): Promise<Map<string, RightsMap>> {
  const out = new Map<string, RightsMap>()
  if (userIds.length === 0) return out
  const [direct, viaTeams] = await reads(
    db,
    () =>
      db
        .select({ userId: rights.subjectId, right_code: rights.rightCode, attributes: rights.attributes })
        .from(rights)
        .where(
          and(eq(rights.nodeId, nodeId), eq(rights.subjectType, 'user'), inArray(rights.subjectId, userIds)),
        ),
    () =>
      db
        .select({ userId: teamMembers.userId, right_code: rights.rightCode, attributes: rights.attributes })
        .from(rights)
        .innerJoin(
          teamMembers,
          and(eq(teamMembers.nodeId, rights.nodeId), eq(teamMembers.teamId, rights.subjectId)),
        )
        .where(
          and(
            eq(rights.nodeId, nodeId),
            eq(rights.subjectType, 'team'),
            inArray(teamMembers.userId, userIds),
          ),
        ),
  )
  const byUser = new Map<string, Right[]>(userIds.map((id) => [id, []]))
  for (const r of [...direct, ...viaTeams]) byUser.get(r.userId)?.push(r)
  for (const [id, list] of byUser) out.set(id, mergeRights(list))
  return out
}

/** The grants made directly to one subject, by code. */
export async function listSubjectRights(db: Db, nodeId: string, subject: Subject, p: Pagination) {
  const where = and(
    eq(rights.nodeId, nodeId),
    eq(rights.subjectType, subject.type),
    eq(rights.subjectId, subject.id),
  )
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(rights)
      .where(where)
      .orderBy(asc(rights.rightCode))
      .limit(p.per_page)
      .offset((p.page - 1) * p.per_page),
    db.select({ n: count() }).from(rights).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

export async function findRight(db: Db | Tx, nodeId: string, rightId: string): Promise<RightRow | undefined> {
  const [row] = await db
    .select()
    .from(rights)
    .where(and(eq(rights.nodeId, nodeId), eq(rights.id, rightId)))
    .limit(1)
  return row
}

export async function deleteRight(tx: Tx, nodeId: string, rightId: string): Promise<RightRow | undefined> {
  const [row] = await tx
    .delete(rights)
    .where(and(eq(rights.nodeId, nodeId), eq(rights.id, rightId)))
    .returning()
  return row
}

/** A right can be granted only to a user bound to the node or to one of the node's teams. */
export async function subjectInNode(db: Db | Tx, nodeId: string, subject: Subject): Promise<boolean> {
  const [row] =
    subject.type === 'user'
      ? await db
          .select({ id: nodeUsers.userId })
          .from(nodeUsers)
          .where(and(eq(nodeUsers.nodeId, nodeId), eq(nodeUsers.userId, subject.id)))
          .limit(1)
      : await db
          .select({ id: teams.id })
          .from(teams)
          .where(and(eq(teams.nodeId, nodeId), eq(teams.id, subject.id)))
          .limit(1)
  return row !== undefined
}
