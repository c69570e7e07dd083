import { type Right, type RightsMap, mergeRights } from '@domain/rights/rights'
import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { rights, teamMembers } from '../db/schema'

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
