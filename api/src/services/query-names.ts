import { type NameBook, type NamedValue, nameKey } from '@domain/rql'
import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { nodeUsers, teams, users } from '../db/schema'
import { fullName } from '../repositories/users-repository'
import type { NodeConfig } from './node-config'

/*
 * What the names a query uses stand for (domain/rql/names.ts): statuses by name and processes by
 * key or name from the node's configuration (cached, no statement), teams by name and people by
 * e-mail, surname, "surname name" or full name among the node's users — one statement each, only
 * for the names the query has, in any case. A name that several records bear stands for all of
 * them (the condition then matches any, as JQL does).
 */

type Config = Pick<NodeConfig, 'statuses' | 'flows'>

const lower = (s: string | undefined | null) => (s ?? '').trim().toLowerCase()

function add(book: Map<string, string[]>, key: string, id: string) {
  const ids = book.get(key)
  if (!ids) book.set(key, [id])
  else if (!ids.includes(id)) ids.push(id)
}

/** The names of statuses and processes, from the configuration alone (what a widget has at hand). */
export function configNames(config: Config, wanted: readonly NamedValue[]): Map<string, string[]> {
  const book = new Map<string, string[]>()
  const texts = (source: NamedValue['source']) =>
    new Set(wanted.filter((w) => w.source === source).map((w) => lower(w.text)))
  const statusTexts = texts('statuses')
  if (statusTexts.size)
    for (const s of config.statuses.values())
      if (statusTexts.has(lower(s.name))) add(book, nameKey('statuses', s.name), s.id)
  const processTexts = texts('processes')
  if (processTexts.size)
    for (const { process: p } of config.flows.values())
      for (const name of [p.key, p.name])
        if (processTexts.has(lower(name))) add(book, nameKey('processes', name), p.id)
  return book
}

/** The ids every name stands for; a name with none is left out (the compiler refuses it). */
export async function nameBook(
  db: Db | Tx,
  nodeId: string,
  config: Config,
  wanted: readonly NamedValue[],
): Promise<NameBook> {
  const book = configNames(config, wanted)
  // PostgreSQL text holds no NUL: such a name is never looked up (the compiler refuses it).
  wanted = wanted.filter((w) => !w.text.includes('\u0000'))
  const teamTexts = [...new Set(wanted.filter((w) => w.source === 'teams').map((w) => lower(w.text)))]
  if (teamTexts.length) {
    const rows = await db
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(and(eq(teams.nodeId, nodeId), inArray(sql`lower(btrim(${teams.name}))`, teamTexts)))
    for (const t of rows) add(book, nameKey('teams', t.name), t.id)
  }
  const userTexts = [...new Set(wanted.filter((w) => w.source === 'users').map((w) => lower(w.text)))]
  if (userTexts.length) {
    const part = (k: string) => sql`lower(btrim(coalesce(${users.fio} ->> ${sql.raw(`'${k}'`)}, '')))`
    const rows = await db
      .select({ id: users.id, email: users.email, fio: users.fio })
      .from(nodeUsers)
      .innerJoin(users, eq(users.id, nodeUsers.userId))
      .where(
        and(
          eq(nodeUsers.nodeId, nodeId),
          or(
            inArray(sql`lower(${users.email})`, userTexts),
            inArray(part('surname'), userTexts),
            // "Surname Name" and the full name start with the surname: the exact match is made below.
            inArray(
              sql`split_part(${part('surname')}, ' ', 1)`,
              userTexts.map((t) => t.split(' ')[0]!),
            ),
          ),
        ),
      )
    const wantedUsers = new Set(userTexts)
    for (const u of rows)
      for (const name of peopleNames(u))
        if (wantedUsers.has(lower(name))) add(book, nameKey('users', name), u.id)
  }
  return book
}

/** What people call a user: the e-mail, the surname, "surname name", the full name. */
function peopleNames(u: { email: string; fio: { surname?: string; name?: string; middlename?: string } }) {
  const surname = u.fio.surname?.trim() ?? ''
  const name = u.fio.name?.trim() ?? ''
  return [u.email, surname, [surname, name].filter(Boolean).join(' '), fullName(u)].filter(Boolean)
}

/** A book's entries in a fixed order: what a kept compile is keyed by (task-page-memo.ts). */
export const bookKey = (book: NameBook) =>
  book.size === 0
    ? ''
    : JSON.stringify(
        [...book.entries()].map(([k, ids]) => [k, [...ids].sort()]).sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
      )
