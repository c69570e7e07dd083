import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALL_KEYS, type RqlWorld, startRqlWorld } from '../../test/rql-fixtures'
import { compileText, countMatching, scopeCondition, selectMatching } from '../services/task-query'

/*
 * What queries find, checked against real rows in the test database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL) rather than against SQL text: each row of the tables is a query and the task
 * keys it must select. The fixture's values are in test/rql-fixtures.ts.
 */

let w: RqlWorld

beforeAll(async () => {
  w = await startRqlWorld()
})
afterAll(async () => {
  await w?.h.close()
})

async function keys(text: string, userId = w.adminId): Promise<string[]> {
  const compiled = await compileText(w.h.database.db, w.nodeId, text, userId)
  const rows = await selectMatching(
    w.h.database.db,
    compiled,
    scopeCondition(w.nodeId, 'all', compiled.where),
    {
      limit: 100,
    },
  )
  return rows.map((r) => r.task.key)
}

const except = (...out: string[]) => ALL_KEYS.filter((k) => !out.includes(k))

describe('queries select the tasks their fields’ filters say (spec §5)', () => {
  // [query, keys], the keys in any order.
  const cases: [string, string[]][] = [
    ['', ALL_KEYS],
    // contains: any case, any script, % and _ taken literally; the description's text, not its tags
    ['title ~ login', ['DEV-1']],
    ['title ~ LOGIN', ['DEV-1']],
    ['title ~ "ОТКРЫТА"', ['DEV-3']],
    ['title !~ login', except('DEV-1')],
    ['description ~ "login page"', ['DEV-1']],
    ['description ~ "<b>"', []],
    ['description is empty', except('DEV-1')],
    ['cf_text ~ alpha', ['DEV-1', 'OPS-1']],
    ['cf_text ~ "100%"', ['DEV-1']],
    ['cf_text ~ "%"', ['DEV-1']],
    ['cf_text ~ "_"', ['DEV-2']],
    ['cf_text ~ "a_t"', ['DEV-2']],
    ['cf_text !~ alpha', ['DEV-2', 'DEV-3', 'DEV-10']],
    ['cf_text = ALPHA', ['OPS-1']],
    ['cf_text in (ALPHA, beta_test)', ['DEV-2', 'OPS-1']],
    ['cf_text not in (ALPHA, beta_test)', ['DEV-1', 'DEV-3', 'DEV-10']],
    ['cf_text is empty', ['DEV-3', 'DEV-10']],
    ['cf_text is not empty', ['DEV-1', 'DEV-2', 'OPS-1']],
    // numbers: equality and order
    ['cf_points = 5', ['DEV-1', 'DEV-10']],
    ['cf_points != 5', ['DEV-2', 'DEV-3', 'OPS-1']],
    ['cf_points > 3', ['DEV-1', 'OPS-1', 'DEV-10']],
    ['cf_points >= 5', ['DEV-1', 'OPS-1', 'DEV-10']],
    ['cf_points <= 3', ['DEV-2']],
    ['cf_points < 10', ['DEV-1', 'DEV-2', 'DEV-10']],
    ['cf_points in (3, 10)', ['DEV-2', 'OPS-1']],
    ['cf_points is empty', ['DEV-3']],
    // options: by value or by title; a multiple select matches any of its values
    ['cf_priority = High', ['DEV-1']],
    ['cf_priority = low', ['DEV-2']],
    ['cf_priority != high', except('DEV-1')],
    ['cf_priority is empty', ['DEV-3', 'OPS-1', 'DEV-10']],
    ['cf_tags = bug', ['DEV-1', 'DEV-2']],
    ['cf_tags = Feature', ['DEV-2']],
    ['cf_tags != bug', ['DEV-3', 'OPS-1', 'DEV-10']],
    ['cf_tags in (feature, bug)', ['DEV-1', 'DEV-2']],
    ['cf_tags is empty', ['DEV-3', 'OPS-1', 'DEV-10']],
    ['cf_tags is not empty', ['DEV-1', 'DEV-2']],
    // a check box is ticked or not: never empty, absent counts as unticked
    ['cf_done = true', ['DEV-1']],
    ['cf_done = false', except('DEV-1')],
    ['cf_done != true', except('DEV-1')],
    ['cf_done is empty', except('DEV-1')],
    ['cf_done is not empty', ['DEV-1']],
    // ranges: half-open periods in the stored shape
    ['cf_due = 2024-01-31', ['DEV-1']],
    ['cf_due = 31.01.2024', ['DEV-1']],
    ['cf_due > 2024-01-31', ['DEV-2']],
    ['cf_due >= 2024-01-31', ['DEV-1', 'DEV-2']],
    ['cf_due < 2024-02-01', ['DEV-1']],
    ['cf_due <= 2024-02-01', ['DEV-1', 'DEV-2']],
    ['cf_due != 2024-01-31', except('DEV-1')],
    ['cf_due is empty', ['DEV-3', 'OPS-1', 'DEV-10']],
    ['cf_at = 2024-01-31', ['DEV-1']],
    ['cf_at < 2024-01-31', []],
    ['cf_at >= "2024-01-31T10:30"', ['DEV-1']],
    ['cf_at > "2024-01-31T10:30"', []],
    ['cf_month = 2024-01', ['DEV-1']],
    ['cf_month > 2023-12', ['DEV-1']],
    ['cf_year = 2024', ['DEV-1']],
    ['cf_year < 2024', ['DEV-2']],
    ['cf_year >= 2023', ['DEV-1', 'DEV-2']],
    ['created_at < 2024-01-11', ['DEV-1']],
    ['created_at = 2024-01-11', ['DEV-2']],
    ['created_at >= 2024-02-01 and created_at < 2024-03-01', ['DEV-3']],
    ['created_at >= -7d', ['DEV-10']],
    ['created_at < -7d', except('DEV-10')],
    ['created_at >= -1y', ['DEV-10']],
    ['updated_at = today()', ALL_KEYS],
    ['created_at <= now()', ALL_KEYS],
    // phone: typed any way, stored one way
    ['cf_phone = "8 916 123-45-67"', ['DEV-1']],
    ['cf_phone = +79161234567', ['DEV-1']],
    // children of composites and of rows
    ['cf_place.city ~ mosc', ['DEV-1']],
    ['cf_place.city = Moscow and cf_place.street ~ tver', ['DEV-1']],
    ['cf_place.city is empty', except('DEV-1')],
    ['cf_rows.label = second', ['DEV-1']],
    ['cf_rows.label ~ IR', ['DEV-1', 'OPS-1']],
    ['cf_rows.label ~ "d \\"QUO"', ['OPS-1']],
    ['cf_text ~ "HA 1"', ['DEV-1']],
    ['cf_text ~ "ha\\\\"', []],
    ['not cf_text ~ "alpha 1"', except('DEV-1')],
    ['cf_rows.label !~ ir', ['DEV-2', 'DEV-3', 'DEV-10']],
    ['cf_rows.size > 1', ['DEV-1']],
    ['cf_rows.label is empty', ['DEV-2', 'DEV-3', 'DEV-10']],
    // system records and their children
    ['status.name = Open', ['DEV-1', 'OPS-1']],
    ['status.name ~ PROG', ['DEV-2', 'DEV-10']],
    ['status.name in (Open, Done)', ['DEV-1', 'DEV-3', 'OPS-1']],
    ['status is empty', []],
    ['assignee = me()', ['DEV-3']],
    ['assignee != me()', except('DEV-3')],
    ['assignee is empty', ['DEV-2', 'DEV-10']],
    ['assignee is not empty', ['DEV-1', 'DEV-3', 'OPS-1']],
    ['assignee.full_name ~ petrov', ['DEV-1', 'OPS-1']],
    ['assignee.fio.name = Ivan', ['DEV-1', 'OPS-1']],
    ['assignee.contacts.email ~ "user@"', ['DEV-1', 'OPS-1']],
    ['assignee.user_name = "admin@example.com"', ['DEV-3']],
    ['author = me()', ALL_KEYS],
    ['author.full_name ~ nodus', ALL_KEYS],
    ['process.key = OPS', ['OPS-1']],
    ['process.name ~ develop', except('OPS-1')],
    ['key = DEV-1', ['DEV-1']],
    ['key ~ dev-1', ['DEV-1', 'DEV-10']],
    // and binds tighter than or; not tighter than both
    ['cf_points = 5 or cf_points = 3 and cf_done = true', ['DEV-1', 'DEV-10']],
    ['(cf_points = 5 or cf_points = 3) and cf_done = true', ['DEV-1']],
    ['not cf_points = 5', ['DEV-2', 'DEV-3', 'OPS-1']],
    ['not cf_points = 5 and title ~ e', ['DEV-2', 'OPS-1']],
    ['not (cf_points = 5 and title ~ e)', except('DEV-10')],
    ['NOT (title ~ a OR title ~ e)', ['DEV-1', 'DEV-3']],
    ['status.name = Open AND assignee.full_name ~ petrov AND cf_points = 10', ['OPS-1']],
  ]

  it.each(cases)('%s', async (text, expected) => {
    expect((await keys(text)).sort()).toEqual([...expected].sort())
  })

  it('status, process and assignee by id; me() is whoever runs the query', async () => {
    expect((await keys(`status = ${w.status.open}`)).sort()).toEqual(['DEV-1', 'OPS-1'])
    expect((await keys(`status in (${w.status.done}, ${w.status.progress})`)).sort()).toEqual([
      'DEV-10',
      'DEV-2',
      'DEV-3',
    ])
    expect(await keys(`process = ${w.process.ops}`)).toEqual(['OPS-1'])
    expect((await keys(`assignee = ${w.userId}`)).sort()).toEqual(['DEV-1', 'OPS-1'])
    expect((await keys('assignee = me()', w.userId)).sort()).toEqual(['DEV-1', 'OPS-1'])
  })

  it('never reaches another node’s tasks', async () => {
    expect(await keys('title ~ login')).toEqual(['DEV-1'])
    const compiled = await compileText(w.h.database.db, w.nodeId, 'cf_text ~ alpha', w.adminId)
    const n = await countMatching(w.h.database.db, compiled, scopeCondition(w.nodeId, 'all', compiled.where))
    expect(n).toBe(2)
  })
})

describe('order by', () => {
  const cases: [string, string[]][] = [
    ['', ['DEV-1', 'DEV-10', 'DEV-2', 'DEV-3', 'OPS-1'].sort()],
    ['order by key', ['DEV-1', 'DEV-2', 'DEV-3', 'DEV-10', 'OPS-1']],
    ['order by key desc', ['OPS-1', 'DEV-10', 'DEV-3', 'DEV-2', 'DEV-1']],
    ['order by created_at', ['DEV-1', 'DEV-2', 'DEV-3', 'OPS-1', 'DEV-10']],
    ['order by created_at desc', ['DEV-10', 'OPS-1', 'DEV-3', 'DEV-2', 'DEV-1']],
    // empty values last ascending, first descending
    ['order by cf_points, key', ['DEV-2', 'DEV-1', 'DEV-10', 'OPS-1', 'DEV-3']],
    ['order by cf_points desc, key', ['DEV-3', 'OPS-1', 'DEV-1', 'DEV-10', 'DEV-2']],
    ['order by cf_due desc, key', ['DEV-3', 'DEV-10', 'OPS-1', 'DEV-2', 'DEV-1']],
    ['order by cf_text, key', ['OPS-1', 'DEV-1', 'DEV-2', 'DEV-3', 'DEV-10']],
    // a status by its place in the progress; a person by full name
    ['order by status, key', ['DEV-1', 'OPS-1', 'DEV-2', 'DEV-10', 'DEV-3']],
    ['order by status desc, key desc', ['DEV-3', 'DEV-10', 'DEV-2', 'OPS-1', 'DEV-1']],
    ['order by assignee, key', ['DEV-3', 'DEV-1', 'OPS-1', 'DEV-2', 'DEV-10']],
    ['order by process desc, key', ['OPS-1', 'DEV-1', 'DEV-2', 'DEV-3', 'DEV-10']],
    ['order by status.name, cf_place.city desc, key', ['DEV-3', 'DEV-2', 'DEV-10', 'OPS-1', 'DEV-1']],
    ['cf_points = 5 order by title', ['DEV-1', 'DEV-10']],
  ]

  it.each(cases)('%s', async (text, expected) => {
    const found = await keys(text)
    // Without order by every task was updated at once by the fixture: only the set is known.
    expect(text === '' ? [...found].sort() : found).toEqual(expected)
  })
})

describe('a search is marked: a contains outside a negation (services/task-walk.ts walks for its pages)', () => {
  const cases: [string, boolean][] = [
    ['cf_text ~ alpha', true],
    ['title ~ login', true],
    ['cf_rows.label ~ third', true],
    ['cf_points = 5 or cf_text ~ alpha', true],
    ['not (not (cf_text ~ alpha))', true],
    ['cf_text !~ alpha', false],
    ['not (cf_text ~ alpha)', false],
    ['not (cf_text ~ alpha and cf_points = 5)', false],
    ['cf_points = 5 and cf_text = ALPHA', false],
    ['', false],
  ]
  it.each(cases)('%s → %s, the same tasks without the trigram prefilters', async (text, searches) => {
    const db = w.h.database.db
    const compiled = await compileText(db, w.nodeId, text, w.adminId)
    expect(compiled.searches).toBe(searches)
    const keysOf = async (where: typeof compiled.where) =>
      (await selectMatching(db, compiled, scopeCondition(w.nodeId, 'all', where), { limit: 100 })).map(
        (r) => r.task.key,
      )
    expect(await keysOf(compiled.whereScanned)).toEqual(await keysOf(compiled.where))
  })
})
