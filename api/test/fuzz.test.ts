import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { MAX_DEPTH } from '../src/http/input-guard'
import { dbState } from './db-state'
import { USER } from './harness'
import { makeFields, makeTask, makeTaskProcess } from './task-factories'
import { createTeam, UNKNOWN_ID, userIdOf } from './tenant-factories'
import { startWorkflowApi } from './workflow-factories'

/*
 * Issue 10, "no 5xx on any input": every route of the OpenAPI document the running upstream serves,
 * so that a new route is fuzzed without anyone listing it. Writes (POST, PATCH, PUT) get bodies built
 * from their own JSON schema, then spoiled: hostile values anywhere, NUL and lone surrogates in
 * strings, __proto__ keys, nesting past the limit, broken JSON, the wrong content type; and hostile
 * path and query values. The caller is the administrator of a seeded node, the path's ids those of
 * real objects. Whatever comes: no 5xx, no dropped connection, the JSON error envelope on a refusal,
 * and a refusal changes nothing in the database.
 *
 * FUZZ_RUNS scales the runs per route (CI runs the suite on PGlite and on PostgreSQL).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 20)

// ---------------------------------------------------------------- the world the routes act on

const w = await startWorkflowApi()
const { h, adminToken: token, startId: node } = w
afterAll(() => h.close())

await makeFields(h, token, node)
const flow = await makeTaskProcess(h, token, node)
const task = await makeTask(h, token, node, flow.process.id)
const userId = await userIdOf(h, USER.email)
const team = await createTeam(h, node, [userId])
const someId = async (path: string) => {
  const res = await h.call('GET', path, { token })
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200)
  return res.body.data[0].id as string
}
const created = async (path: string, body: unknown) => {
  const res = await h.call('POST', path, { token, body })
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201)
  return res.body.data.id as string
}
const board = await created(`/boards/${node}`, { name: 'Fuzzed board' })
const widget = await created(`/widgets/${node}`, { type: 'table', title: 'Fuzzed widget' })
await h.call('POST', `/widgets/bind-board/${node}`, {
  token,
  body: { board_id: board, widget_ids: [widget] },
})
const ids = {
  node,
  board,
  widget,
  user: userId,
  status: flow.statusIds[0]!,
  progress: flow.progressId,
  process: flow.process.id,
  task: task.id as string,
  team: team.id,
  field: await someId(`/fields/${node}?search=cf_note`),
  form: await someId(`/forms/${node}?process_id=${flow.process.id}`),
  right: (
    await h.call('POST', `/rights/${node}`, {
      token,
      body: { user_id: userId, right_code: 'task_view', attributes: null },
    })
  ).body.data.id as string,
}
const realIds = Object.values(ids)
// Signing out ends a session: that route gets a session of its own per call, signed in now (before
// the fuzzed sign-ins with wrong passwords meet the rate limit).
const LOGOUT_RUNS = Math.min(RUNS, 8)
const spareTokens = await Promise.all(Array.from({ length: LOGOUT_RUNS + 1 }, () => h.login()))

/** The id of a real object for a path parameter, by its name and the route's area. */
function paramValue(method: string, path: string, name: string): string {
  const area = path.split('/')[2] ?? ''
  if (name === 'nodeId') return ids.node
  if (name === 'taskKey') return task.key
  if (name === 'id') {
    if (area === 'progress') return ids.progress
    if (area === 'tasks') return method === 'POST' ? ids.process : ids.task
    if (area === 'attachments') return ids.task
  }
  const byName: Record<string, string> = {
    userId: ids.user,
    statusId: ids.status,
    processId: ids.process,
    taskId: ids.task,
    teamId: ids.team,
    fieldId: ids.field,
    formId: ids.form,
    rightId: ids.right,
    boardId: ids.board,
    widgetId: ids.widget,
  }
  return byName[name] ?? UNKNOWN_ID
}

// ---------------------------------------------------------------- the routes, from the document

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema as the document has it
type Schema = Record<string, any>
interface Route {
  method: string
  path: string
  pathParams: string[]
  query: { name: string; schema: Schema }[]
  body?: Schema
  contentTypes: string[]
}

const doc = h.app.swagger() as unknown as { paths: Record<string, Record<string, Schema>> }
const routes: Route[] = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => {
    const params = (op.parameters ?? []) as { in: string; name: string; schema: Schema }[]
    const content = (op.requestBody?.content ?? {}) as Record<string, { schema: Schema }>
    return {
      method: method.toUpperCase(),
      path,
      pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
      query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
      body: content['application/json']?.schema,
      contentTypes: Object.keys(content),
    }
  }),
)
const writes = routes.filter((r) => ['POST', 'PATCH', 'PUT'].includes(r.method))
const others = routes.filter((r) => !writes.includes(r) && (r.pathParams.length > 0 || r.query.length > 0))

// ---------------------------------------------------------------- values

/** JSON text sent as it is: what JSON.stringify cannot make (deep nesting, 1e999999, __proto__). */
class Raw {
  constructor(readonly text: string) {}
}

function toJson(v: unknown): string {
  if (v instanceof Raw) return v.text
  if (Array.isArray(v)) return `[${v.map(toJson).join(',')}]`
  if (v !== null && typeof v === 'object')
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`)
      .join(',')}}`
  return JSON.stringify(v) ?? 'null'
}

const deepText = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`
const deepDotted = (n: number) => Array.from({ length: n }, (_, i) => `k${i}`).join('.')
const nested = (n: number): unknown => (n === 0 ? 'x' : { a: nested(n - 1) })

const poison = fc.constantFrom('\u0000', '\ud800', '\udfff', 'a\u0000b', 'x\udbff')
const hostileString = fc.oneof(
  poison,
  fc.constantFrom('', ' ', 'null', '1e999', '-1', '💥'.repeat(300), 'a'.repeat(70_000), '%00', '../..'),
)
const hostileNumber = fc.constantFrom(
  2 ** 64 + 1,
  1e308,
  -1e308,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  1.5,
  -1,
  0,
  Number.MIN_VALUE,
)
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileNumber,
  hostileString,
  fc.constantFrom(null, true, false, [], {}, [[[]]], [null], { '': '' }),
  fc.constantFrom(
    new Raw('1e999999'),
    new Raw('-0'),
    new Raw('123456789012345678901234567890'),
    new Raw(deepText(MAX_DEPTH + 8)),
    new Raw(deepText(5000)),
    new Raw('{"__proto__":{"is_admin":true}}'),
    new Raw('{"constructor":{"prototype":{"polluted":1}}}'),
    new Raw('"\\ud800"'),
    new Raw('"\\u0000"'),
  ),
  fc.constant(nested(MAX_DEPTH - 6)),
)
const hostileKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'a\u0000',
  '\ud800',
  '',
  '.',
  'cf_office.',
  `cf_office.${deepDotted(MAX_DEPTH + 2)}`,
  deepDotted(5000),
  'extra',
)
const someString = (min: number, max: number) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.string({ minLength: min, maxLength: Math.max(min, max) }) },
    { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 5 }), poison).map(([a, b]) => a + b) },
  )

/** Values of a JSON Schema as the document writes it: mostly valid, real ids for uuids. */
function arbFor(s: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 6) return fc.oneof(fc.string(), fc.integer(), fc.constant(null))
  if (s.const !== undefined) return fc.constant(s.const)
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum)
  const alternatives = s.anyOf ?? s.oneOf
  if (Array.isArray(alternatives)) return fc.oneof(...alternatives.map((a: Schema) => arbFor(a, depth + 1)))
  if (Array.isArray(s.allOf)) return arbFor(Object.assign({}, ...s.allOf), depth)
  const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : []
  if (types.length === 0)
    return s.properties ? arbFor({ ...s, type: 'object' }, depth) : fc.jsonValue({ maxDepth: 2 })
  if (types.length > 1) return fc.oneof(...types.map((t) => arbFor({ ...s, type: t }, depth)))
  switch (types[0]) {
    case 'null':
      return fc.constant(null)
    case 'boolean':
      return fc.boolean()
    case 'integer':
      return fc.integer({ min: s.minimum ?? -1000, max: s.maximum ?? 1000 })
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true })
    case 'string': {
      if (s.format === 'uuid') return fc.oneof(fc.constantFrom(...realIds), fc.uuid())
      if (s.format === 'email') return fc.oneof(fc.emailAddress(), fc.constant(USER.email))
      if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString())
      if (s.pattern) {
        try {
          return fc.stringMatching(new RegExp(s.pattern)).filter((x) => x.length <= (s.maxLength ?? 200))
        } catch {}
      }
      return someString(s.minLength ?? 0, Math.min(s.maxLength ?? 20, 20))
    }
    case 'array':
      return fc.array(arbFor(s.items, depth + 1), {
        minLength: Math.min(s.minItems ?? 0, 3),
        maxLength: Math.min(s.maxItems ?? 3, 3),
      })
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, Schema>
      const required = new Set<string>(s.required ?? [])
      const known = fc.record(
        Object.fromEntries(Object.entries(props).map(([k, p]) => [k, arbFor(p, depth + 1)])),
        { requiredKeys: Object.keys(props).filter((k) => required.has(k)) },
      )
      if (s.additionalProperties === false || Object.keys(props).length > 0) return known
      const keys = fc.oneof(
        fc.constantFrom('cf_points', 'cf_note', 'cf_office', 'cf_office.city', 'cf_locked', 'title'),
        fc.string({ maxLength: 8 }),
      )
      const values = typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined
      return fc.dictionary(keys, arbFor(values, depth + 1), { maxKeys: 3 })
    }
  }
  return fc.jsonValue({ maxDepth: 2 })
}

/** The places of a value: [path, the container or undefined for a leaf]. */
function places(v: unknown, at: (string | number)[] = []): (string | number)[][] {
  const out = [at]
  if (Array.isArray(v)) {
    for (const [i, x] of v.entries()) out.push(...places(x, [...at, i]))
  } else if (v !== null && typeof v === 'object' && !(v instanceof Raw))
    for (const [k, x] of Object.entries(v)) out.push(...places(x, [...at, k]))
  return out
}

/** The body with one place replaced by a hostile value, or given a hostile key. */
function spoil(body: unknown, value: unknown, pick: number, key: string | null): unknown {
  const all = places(body)
  const path = all[pick % all.length]!
  if (path.length === 0) return key === null ? value : addKey(body, key, value)
  const copy = structuredClone(body) as Record<string | number, unknown>
  let parent = copy
  for (const p of path.slice(0, -1)) parent = parent[p] as Record<string | number, unknown>
  const last = path[path.length - 1]!
  parent[last] = key === null ? value : addKey(parent[last], key, value)
  return copy
}

function addKey(target: unknown, key: string, value: unknown): unknown {
  if (target === null || typeof target !== 'object' || Array.isArray(target)) return { [key]: value }
  const copy = { ...(target as object) }
  // An own property even for '__proto__', as JSON.parse makes it.
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true })
  return copy
}

// ---------------------------------------------------------------- requests

interface Case {
  label: string
  params?: Record<string, string>
  query?: string
  body?: string
  contentType?: string
}

const BROKEN_BODIES = [
  '',
  ' ',
  '{',
  '{"a":',
  'null',
  '[]',
  '1',
  '"x"',
  '{"a":1,}',
  "{'a':1}",
  '\ufeff{}',
  '{"a":1}{"b":2}',
  '['.repeat(10_000),
  deepText(5000),
  '1e999999',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  `{"${deepDotted(5000)}":1}`,
  '{"name":"\\ud800"}',
  '{"name":"\\u0000","title":"\\u0000"}',
]
const WRONG_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=latin1',
  'application/jsonx',
  '',
]
const HOSTILE_SEGMENTS = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF',
  '%',
  '18446744073709551617',
  '-1',
  '1.5',
  'NaN',
  'x'.repeat(300),
  '..',
  '%2F',
  UNKNOWN_ID,
  '00000000-0000-0000-0000-000000000000',
]
const HOSTILE_QUERY_VALUES = [
  '%00',
  '%ED%A0%80',
  '%',
  '18446744073709551617',
  '99999999999999999999999999999',
  '-1',
  '0',
  '1.5',
  'NaN',
  'Infinity',
  '1e400',
  '',
  'x'.repeat(5000),
  UNKNOWN_ID,
]

const hostileParams = (r: Route): fc.Arbitrary<Case> =>
  fc
    .tuple(fc.constantFrom(...r.pathParams), fc.constantFrom(...HOSTILE_SEGMENTS))
    .map(([name, value]) => ({ label: `path ${name}=${value.slice(0, 30)}`, params: { [name]: value } }))

const hostileQuery = (r: Route): fc.Arbitrary<Case> =>
  fc
    .array(
      fc.tuple(
        fc.constantFrom(...r.query.map((q) => q.name), 'page', 'per_page'),
        fc.constantFrom(...HOSTILE_QUERY_VALUES),
      ),
      { minLength: 1, maxLength: 3 },
    )
    .map((pairs) => {
      const query = pairs.map(([k, v]) => `${k}=${v}`).join('&')
      return { label: `query ${query.slice(0, 60)}`, query }
    })

function writeCases(r: Route): fc.Arbitrary<Case> {
  const json = (label: string) => (v: unknown) => ({
    label,
    body: toJson(v),
    contentType: 'application/json',
  })
  const kinds: fc.Arbitrary<Case>[] = [
    fc.constantFrom(...BROKEN_BODIES).map((body) => ({
      label: `raw ${body.slice(0, 40)}`,
      body,
      contentType: 'application/json',
    })),
    fc.constantFrom(...WRONG_TYPES).map((contentType) => ({
      label: `content-type ${contentType}`,
      body: '{"name":"x"}',
      contentType,
    })),
  ]
  if (r.body) {
    const valid = arbFor(r.body)
    kinds.push(valid.map(json('schema body')), valid.map(json('schema body')))
    kinds.push(
      fc
        .tuple(valid, hostileValue, fc.nat(), fc.option(hostileKey, { freq: 3 }))
        .map(([body, value, pick, key]) => spoil(body, value, pick, key))
        .map(json('spoiled body')),
      fc
        .tuple(valid, hostileValue, fc.nat(), fc.option(hostileKey, { freq: 3 }))
        .map(([body, value, pick, key]) => spoil(body, value, pick, key))
        .map(json('spoiled body')),
    )
  } else {
    kinds.push(fc.constant({ label: 'no body' }))
  }
  if (r.pathParams.length > 0) kinds.push(hostileParams(r))
  if (r.query.length > 0) kinds.push(hostileQuery(r))
  return fc.oneof(...kinds)
}

const otherCases = (r: Route): fc.Arbitrary<Case> =>
  fc.oneof(
    ...[r.pathParams.length > 0 && hostileParams(r), r.query.length > 0 && hostileQuery(r)].filter(
      (a): a is fc.Arbitrary<Case> => a !== false,
    ),
  )

function urlOf(r: Route, c: Case): string {
  const path = r.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    c.params?.[name] !== undefined ? c.params[name]! : encodeURIComponent(paramValue(r.method, r.path, name)),
  )
  return `${h.url}${path.replace(/^\/api/, '')}${c.query ? `?${c.query}` : ''}`
}

const xid = async () => {
  const res = await h.database.db.execute(sql`select txid_current()::text as x`)
  return BigInt((res as unknown as { rows: { x: string }[] }).rows[0]!.x)
}

/** Answers by class (2 for 2xx…): the fuzzing must reach the handlers, not only the validation. */
const seen: Record<number, number> = {}

/** The database as it was after the last success: what a refusal must leave it. */
let baseline = await dbState(h.database.db)
let lastXid = await xid()

/**
 * No transaction id was taken since the last look: nothing was written. Otherwise a refusal must
 * leave every row as it was (a transaction that rolled back takes an id too), and a success moves
 * the baseline.
 */
async function checkDb(status: number, what: string) {
  const quiet = (await xid()) === lastXid + 1n
  if (quiet) {
    lastXid = await xid()
    return
  }
  const before = baseline
  baseline = await dbState(h.database.db)
  lastXid = await xid()
  if (status >= 300) {
    const changed = Object.keys(baseline).filter((t) => baseline[t] !== before[t])
    expect(changed, `${what} (${status}) changed rows`).toEqual([])
  }
}

async function send(r: Route, c: Case) {
  let auth = token
  if (r.path === '/api/users/logout') auth = spareTokens.pop() ?? token
  const headers: Record<string, string> = { authorization: `Bearer ${auth}` }
  if (c.contentType) headers['content-type'] = c.contentType
  const what = `${r.method} ${r.path} [${c.label}]`
  let res: Response
  try {
    res = await fetch(urlOf(r, c), { method: r.method, headers, body: c.body })
  } catch (error) {
    throw new Error(`${what}: the connection failed: ${(error as Error).message}`)
  }
  // A live stream that opened (GET /events/…/stream) never ends: its headers are the answer.
  const live = res.ok && res.headers.get('content-type')?.startsWith('text/event-stream')
  const text = live ? '' : await res.text()
  if (live) await res.body?.cancel()
  seen[Math.floor(res.status / 100)] = (seen[Math.floor(res.status / 100)] ?? 0) + 1
  await checkDb(res.status, what)
  expect(res.status, `${what}: ${text.slice(0, 500)}`).toBeLessThan(500)
  if (res.status >= 400) {
    expect(res.headers.get('content-type'), what).toMatch(/^application\/json/)
    const body = JSON.parse(text) as { detail: { type: string; msg: string }[] }
    expect(Array.isArray(body.detail) && body.detail.length > 0, `${what}: ${text}`).toBe(true)
    for (const d of body.detail) {
      expect(typeof d.type, what).toBe('string')
      expect(typeof d.msg, what).toBe('string')
    }
  }
  return res.status
}

// ---------------------------------------------------------------- the properties

describe('fuzz: every write route of the OpenAPI document', () => {
  it('finds the routes in the document', () => {
    expect(writes.length).toBeGreaterThan(20)
    expect(writes.map((r) => `${r.method} ${r.path}`)).toContain('PATCH /api/tasks/{nodeId}/{id}')
  })

  it.each(writes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_, r) => {
    await fc.assert(
      fc.asyncProperty(writeCases(r), async (c) => {
        await send(r, c)
      }),
      // Signing out uses up a session per run: a few runs cover its only inputs, the raw bodies.
      { numRuns: r.path === '/api/users/logout' ? LOGOUT_RUNS : RUNS, endOnFailure: true },
    )
  })
})

describe('fuzz: path and query values of every other route', () => {
  it.each(others.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_, r) => {
    await fc.assert(
      fc.asyncProperty(otherCases(r), async (c) => {
        await send(r, c)
      }),
      { numRuns: Math.ceil(RUNS / 2), endOnFailure: true },
    )
  })
})

/** The places of a schema where a string goes, with a value of the rest that is valid enough. */
function stringPlaces(s: Schema | undefined, at: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (!s || depth > 6) return []
  const alternatives = s.anyOf ?? s.oneOf
  if (Array.isArray(alternatives))
    return alternatives.flatMap((a: Schema) => stringPlaces(a, at, depth + 1)).slice(0, 20)
  const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : []
  if (types.includes('string')) return [at]
  if (types.includes('array')) return stringPlaces(s.items, [...at, 0], depth + 1)
  if (types.includes('object') || s.properties)
    return Object.entries((s.properties ?? {}) as Record<string, Schema>).flatMap(([k, p]) =>
      stringPlaces(p, [...at, k], depth + 1),
    )
  return []
}

function setAt(path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value
  const [head, ...rest] = path
  return typeof head === 'number' ? [setAt(rest, value)] : { [head!]: setAt(rest, value) }
}

describe('a NUL in every text field of every write route, and in every query and path value', () => {
  const table = writes.flatMap((r) =>
    stringPlaces(r.body).map(
      (p) => [`${r.method} ${r.path} body.${p.join('.')}`, r, ['body', ...p]] as const,
    ),
  )
  const params = routes.flatMap((r) => [
    ...r.query.map((q) => [`${r.method} ${r.path} query.${q.name}`, r, ['query', q.name]] as const),
    ...r.pathParams.map((p) => [`${r.method} ${r.path} params.${p}`, r, ['params', p]] as const),
  ])
  it('covers the text fields', () => {
    expect(table.length).toBeGreaterThan(50)
    expect(params.length).toBeGreaterThan(50)
  })

  it.each([...table, ...params])('%s', async (_, r, loc) => {
    const [where, ...place] = loc
    const c: Case = { label: 'nul' }
    if (where === 'query') c.query = `${place[0]}=a%00b`
    if (where === 'params') c.params = { [place[0]!]: 'a%00b' }
    const body = where === 'body' ? JSON.stringify(setAt(place, 'a\u0000b')) : r.body ? '{}' : undefined
    const res = await fetch(urlOf(r, c), {
      method: r.method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body,
    })
    const answer = await res.json()
    expect(res.status, JSON.stringify(answer)).toBe(422)
    expect(answer.detail[0]).toMatchObject({ type: 'value_error.str.invalid_characters', loc })
    await checkDb(res.status, `${r.method} ${r.path}`)
  })
})

describe('the fuzzing reached the handlers', () => {
  it('some fuzzed writes succeeded, most were refused, none failed', () => {
    expect(seen[2] ?? 0).toBeGreaterThan(0)
    expect(seen[4] ?? 0).toBeGreaterThan(seen[2] ?? 0)
    expect(seen[5]).toBeUndefined()
  })
})
