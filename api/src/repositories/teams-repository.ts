import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { nodeUsers, processTransitions, rights, teamMembers, teams } from '../db/schema'
import { containsAny, offsetOf } from './search'

export type TeamRow = typeof teams.$inferSelect
export type TeamWithMembers = TeamRow & { userIds: string[] }

async function withMembers(db: Db | Tx, nodeId: string, rows: TeamRow[]): Promise<TeamWithMembers[]> {
  if (rows.length === 0) return []
  const members = await db
    .select({ teamId: teamMembers.teamId, userId: teamMembers.userId })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.nodeId, nodeId),
        inArray(
          teamMembers.teamId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(teamMembers.userId))
  return rows.map((r) => ({
    ...r,
    userIds: members.filter((m) => m.teamId === r.id).map((m) => m.userId),
  }))
}

export async function listTeams(
  db: Db,
  nodeId: string,
  q: { search?: string; page: number; per_page: number },
) {
  const where = and(eq(teams.nodeId, nodeId), containsAny(q.search, teams.name))
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(teams)
      .where(where)
      .orderBy(sql`lower(${teams.name})`, asc(teams.id))
      .limit(q.per_page)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(teams).where(where),
  ])
  return { rows: await withMembers(db, nodeId, rows), total: total?.n ?? 0 }
}

/** The first `limit` teams of a node by name, id and name only, one statement (a table filter's options). */
export async function teamChoices(db: Db | Tx, nodeId: string, limit: number) {
  return db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(eq(teams.nodeId, nodeId))
    .orderBy(sql`lower(${teams.name})`, asc(teams.id))
    .limit(limit)
}

export async function getTeam(db: Db | Tx, nodeId: string, id: string): Promise<TeamWithMembers | undefined> {
  const rows = await db
    .select()
    .from(teams)
    .where(and(eq(teams.nodeId, nodeId), eq(teams.id, id)))
    .limit(1)
  return (await withMembers(db, nodeId, rows))[0]
}

export async function lockTeam(tx: Tx, nodeId: string, id: string): Promise<TeamRow | undefined> {
  const [row] = await tx
    .select()
    .from(teams)
    .where(and(eq(teams.nodeId, nodeId), eq(teams.id, id)))
    .for('update')
  return row
}

/**
 * Which of the ids are teams of the node. Inside a transaction it holds them (FOR SHARE) till the
 * end, so a team cannot be deleted between this check and the write that names it.
 */
export async function existingTeamIds(tx: Tx, nodeId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.nodeId, nodeId), inArray(teams.id, [...new Set(ids)])))
    .for('share')
  return new Set(rows.map((r) => r.id))
}

/** Which of the ids are users bound to the node. */
export async function boundUserIdSet(db: Db | Tx, nodeId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({ id: nodeUsers.userId })
    .from(nodeUsers)
    .where(and(eq(nodeUsers.nodeId, nodeId), inArray(nodeUsers.userId, [...new Set(ids)])))
  return new Set(rows.map((r) => r.id))
}

export async function insertTeam(tx: Tx, nodeId: string, v: { name: string; description: string }) {
  const [row] = await tx
    .insert(teams)
    .values({ nodeId, ...v })
    .returning()
  return row!
}

export async function updateTeam(
  tx: Tx,
  nodeId: string,
  id: string,
  set: { name?: string; description?: string },
) {
  await tx
    .update(teams)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(teams.nodeId, nodeId), eq(teams.id, id)))
}

/** Deletes a team with its memberships (cascade) and the rights granted to it. */
export async function deleteTeam(tx: Tx, nodeId: string, id: string) {
  await tx
    .delete(rights)
    .where(and(eq(rights.nodeId, nodeId), eq(rights.subjectType, 'team'), eq(rights.subjectId, id)))
  await tx.delete(teams).where(and(eq(teams.nodeId, nodeId), eq(teams.id, id)))
}

export async function addMembers(tx: Tx, nodeId: string, teamId: string, userIds: string[]) {
  await tx
    .insert(teamMembers)
    .values([...new Set(userIds)].map((userId) => ({ nodeId, teamId, userId })))
    .onConflictDoNothing()
}

export async function removeMembers(tx: Tx, nodeId: string, teamId: string, userIds: string[]) {
  await tx
    .delete(teamMembers)
    .where(
      and(
        eq(teamMembers.nodeId, nodeId),
        eq(teamMembers.teamId, teamId),
        inArray(teamMembers.userId, userIds),
      ),
    )
}

/** Whether a transition of a process of the node names the team. */
export async function teamInTransitions(db: Db | Tx, nodeId: string, teamId: string): Promise<boolean> {
  const rows = await db
    .select({ id: processTransitions.processId })
    .from(processTransitions)
    .where(
      and(
        eq(processTransitions.nodeId, nodeId),
        sql`${processTransitions.teamIds} @> ${JSON.stringify([teamId])}::jsonb`,
      ),
    )
    .limit(1)
  return rows.length > 0
}
