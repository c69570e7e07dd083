import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RqlWorld, startRqlWorld } from '../../../test/rql-fixtures'
import { createUser } from '../../../test/tenant-factories'
import { nodeUsers, processes, tasks, users } from '../../db/schema'
import { InvalidInput } from '../../http/errors'
import { compileText } from '../../services/task-query'

/*
 * Records written by their names (PRODUCT.md §6, issue 24): statuses by name, processes by key or
 * name, people by surname, "surname name", full name or e-mail — in any case, among the node's own
 * records; a name several records bear matches any of them; an unknown name is refused at its place.
 * And a negative number is a number.
 */

let w: RqlWorld
/** The second Petrov, assignee of DEV-2. */
let namesake: string
beforeAll(async () => {
  w = await startRqlWorld()
  const db = w.h.database.db
  await db
    .update(users)
    .set({ fio: { surname: 'Petrov', name: 'Ivan', middlename: 'Sergeevich' } })
    .where(eq(users.id, w.userId))
  const other = await createUser(w.h, { email: 'petrov.anna@example.com' })
  namesake = other.id
  await db
    .update(users)
    .set({ fio: { surname: 'Petrov', name: 'Anna' } })
    .where(eq(users.id, other.id))
  await db.insert(nodeUsers).values({ nodeId: w.nodeId, userId: other.id })
  await db.update(tasks).set({ assigneeId: other.id }).where(eq(tasks.id, w.ids['DEV-2']!))
  // Someone of the other node only: not a person this node's queries may name.
  const stranger = await createUser(w.h, { email: 'sidorov@example.com' })
  await db
    .update(users)
    .set({ fio: { surname: 'Sidorov' } })
    .where(eq(users.id, stranger.id))
  await db.insert(nodeUsers).values({ nodeId: w.otherNodeId, userId: stranger.id })
  // A second process called "Operations" (key OPS2), with one task.
  const [ops] = await db.select().from(processes).where(eq(processes.id, w.process.ops))
  const [ops2] = await db
    .insert(processes)
    .values({
      nodeId: w.nodeId,
      key: 'OPS2',
      name: 'operations',
      progressId: ops!.progressId,
      taskCounter: 1,
    })
    .returning()
  await db.insert(tasks).values({
    nodeId: w.nodeId,
    key: 'OPS2-1',
    number: 1,
    processId: ops2!.id,
    title: 'Second operations',
    statusId: w.status.progress,
    authorId: w.adminId,
  })
})
afterAll(async () => {
  await w?.h.close()
})

const ask = (query: string, token = w.adminToken) =>
  w.h.call('POST', `/tasks/rql/${w.nodeId}`, {
    token,
    body: { query: `${query} order by key`, per_page: 50 },
  })
const keys = async (query: string) => {
  const res = await ask(query)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data.map((t: { key: string }) => t.key)
}

describe('statuses and processes by name', () => {
  it.each<[string, string[]]>([
    ['status = "In progress"', ['DEV-2', 'DEV-10', 'OPS2-1']],
    ['status = "in PROGRESS"', ['DEV-2', 'DEV-10', 'OPS2-1']],
    ['status.id = Done', ['DEV-3']],
    ['status in (Open, Done)', ['DEV-1', 'DEV-3', 'OPS-1']],
    ['status != Open', ['DEV-2', 'DEV-3', 'DEV-10', 'OPS2-1']],
    ['status not in (Open, "In progress")', ['DEV-3']],
    ['not status = Open and process = DEV', ['DEV-2', 'DEV-3', 'DEV-10']],
    ['process = dev', ['DEV-1', 'DEV-2', 'DEV-3', 'DEV-10']],
    ['process = Development and status = Open', ['DEV-1']],
  ])('%s', async (query, expected) => {
    expect(await keys(query)).toEqual(expected)
  })

  it('matches every process a name stands for, as JQL does (and != none of them)', async () => {
    expect(await keys('process = Operations')).toEqual(['OPS-1', 'OPS2-1'])
    expect(await keys('process in (Operations)')).toEqual(['OPS-1', 'OPS2-1'])
    expect(await keys('process != "OPERATIONS"')).toEqual(['DEV-1', 'DEV-2', 'DEV-3', 'DEV-10'])
    expect(await keys('process not in (Operations, DEV)')).toEqual([])
  })

  it('takes ids as before', async () => {
    expect(await keys(`status = ${w.status.done}`)).toEqual(['DEV-3'])
    expect(await keys(`status in (${w.status.done}, Open)`)).toEqual(['DEV-1', 'DEV-3', 'OPS-1'])
  })
})

describe('people by name', () => {
  it.each<[string, string[]]>([
    ['assignee = Petrov', ['DEV-1', 'DEV-2', 'OPS-1']],
    ['assignee = "petrov ivan"', ['DEV-1', 'OPS-1']],
    ['assignee = "Petrov Ivan Sergeevich"', ['DEV-1', 'OPS-1']],
    ['assignee = "USER@example.com"', ['DEV-1', 'OPS-1']],
    ['assignee = petrov.anna@example.com', ['DEV-2']],
    ['assignee != Petrov', ['DEV-3', 'DEV-10', 'OPS2-1']],
    ['assignee not in ("Petrov Anna", admin@example.com)', ['DEV-1', 'DEV-10', 'OPS-1', 'OPS2-1']],
    ['author = admin@example.com and assignee in (Petrov, me())', ['DEV-1', 'DEV-2', 'DEV-3', 'OPS-1']],
  ])('%s', async (query, expected) => {
    expect(await keys(query)).toEqual(expected)
  })

  it('follows a person renamed: the kept compile is keyed by what the names stand for', async () => {
    expect(await keys('assignee = Petrov')).toEqual(['DEV-1', 'DEV-2', 'OPS-1'])
    const db = w.h.database.db
    await db
      .update(users)
      .set({ fio: { surname: 'Kuznetsova', name: 'Anna' } })
      .where(eq(users.id, namesake))
    expect(await keys('assignee = Petrov')).toEqual(['DEV-1', 'OPS-1'])
    expect(await keys('assignee = kuznetsova')).toEqual(['DEV-2'])
    await db
      .update(users)
      .set({ fio: { surname: 'Petrov', name: 'Anna' } })
      .where(eq(users.id, namesake))
    expect(await keys('assignee = Petrov')).toEqual(['DEV-1', 'DEV-2', 'OPS-1'])
  })
})

describe('unknown names', () => {
  // [query, position from 1]
  it.each<[string, number]>([
    ['status = Nosuch', 10],
    ['status in (Open, "No such")', 18],
    ['process != NOPE', 12],
    // A person of another node is no one here: another tenant's data is never confirmed.
    ['assignee = Sidorov', 12],
    ['author = sidorov@example.com', 10],
  ])('%s → 422 at %i', async (query, position) => {
    const res = await ask(query)
    expect(res.status, JSON.stringify(res.body)).toBe(422)
    expect(res.body.detail[0]).toMatchObject({
      type: 'rql.invalid_value',
      loc: ['body', 'query'],
      ctx: { position, reason: 'rql.invalid_value.unknown_name' },
    })
  })

  it('binds names as parameters: a quote in a name is only an unknown name', async () => {
    const res = await ask(`status = "O'pen\\" or 1=1 --"`)
    expect(res.status).toBe(422)
    expect(res.body.detail[0].ctx.reason).toBe('rql.invalid_value.unknown_name')
  })

  // PostgreSQL refuses a NUL in text. The HTTP edge refuses it first (input-guard.ts); a caller
  // inside the upstream compiling such a name gets the compiler's refusal, not a failed statement.
  it.each(['assignee = "a\u0000"', 'author = "x\u0000"', 'status = "Open\u0000"'])(
    'a NUL in a name (%j): 422 at the edge, InvalidInput from the compiler',
    async (query) => {
      const res = await ask(query)
      expect(res.status, JSON.stringify(res.body)).toBe(422)
      expect(res.body.detail[0]).toMatchObject({ type: 'value_error.str.invalid_characters' })
      const refused = await compileText(w.h.database.db, w.nodeId, query, w.adminId).catch((e) => e)
      expect(refused).toBeInstanceOf(InvalidInput)
      expect((refused as InvalidInput).details[0]).toMatchObject({ type: 'rql.invalid_value' })
    },
  )
})

describe('negative numbers', () => {
  it.each<[string, string[]]>([
    ['cf_points > -10', ['DEV-1', 'DEV-2', 'DEV-10', 'OPS-1']],
    ['cf_points>-1 and created_at > -7d', ['DEV-10']],
    ['cf_points < -1', []],
    ['cf_points >= 4.5', ['DEV-1', 'DEV-10', 'OPS-1']],
    ['cf_points in (-5, 3)', ['DEV-2']],
    ['cf_rows.size > -1', ['DEV-1']],
  ])('%s', async (query, expected) => {
    expect(await keys(query)).toEqual(expected)
  })
})

describe('the CSV export and the bulk edit read names too', () => {
  it('exports the tasks of a status written by its name', async () => {
    const res = await fetch(
      `${w.h.url}/tasks/${w.nodeId}/csv?${new URLSearchParams({ query: 'status = Done', lang: 'en' })}`,
      { headers: { authorization: `Bearer ${w.adminToken}` } },
    )
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(text).toContain('DEV-3')
    expect(text).not.toContain('DEV-1,')
  })

  it('bulk edits the tasks of a person written by name, in a dry run', async () => {
    const res = await w.h.call('POST', `/tasks/${w.nodeId}/rql`, {
      token: w.adminToken,
      body: { query: 'assignee = "Petrov Anna"', patch: { title: 'Renamed' }, dry_run: true },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(JSON.stringify(res.body)).toContain(w.ids['DEV-2'])
  })
})
