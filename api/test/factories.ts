import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { nodes } from '../src/db/schema'
import { grantRight } from '../src/repositories/rights-repository'
import type { Harness } from './harness'

export async function nodeId(h: Harness, domain: string): Promise<string> {
  const [row] = await h.database.db.select({ id: nodes.id }).from(nodes).where(eq(nodes.domain, domain))
  return row!.id
}

export async function userIdOf(h: Harness, email: string): Promise<string> {
  const res = await h.database.db.execute(
    sql`select id from users where lower(email) = ${email.toLowerCase()}`,
  )
  return (res as unknown as { rows: { id: string }[] }).rows[0]!.id
}

export interface TestUser {
  id: string
  email: string
  password: string
}

/** A new user through POST /users, as the administrator with `token`. */
export async function createUser(
  h: Harness,
  token: string,
  node: string,
  body: Record<string, unknown> = {},
): Promise<TestUser> {
  const email = `u-${randomBytes(4).toString('hex')}@example.com`
  const password = 'password-123'
  const res = await h.call('POST', '/users', { token, body: { email, password, node_id: node, ...body } })
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`)
  return { id: res.body.data.id, email: res.body.data.user_name, password }
}

export const grant = (h: Harness, node: string, userId: string, code: string) =>
  grantRight(h.database.db, node, { type: 'user', id: userId }, code)
