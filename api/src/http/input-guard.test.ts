import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unchanged } from '../../test/db-state'
import type { Harness } from '../../test/harness'
import { makeFields, makeTask, makeTaskProcess, type World } from '../../test/task-factories'
import { startWorkflowApi } from '../../test/workflow-factories'
import { findInputProblem, jsonDepthExceeds, MAX_DEPTH } from './input-guard'

/*
 * Issue 10, "no 5xx on any input": the known defects, each as the request that used to reach a 500
 * or a dropped connection. The fuzz suite (api/test/fuzz.test.ts) covers every route at random.
 */

describe('findInputProblem and jsonDepthExceeds', () => {
  it('finds NUL and lone surrogates in values and keys, and leaves proper pairs alone', () => {
    expect(findInputProblem({ a: ['ok', 'x\u0000'] }, ['body'])?.loc).toEqual(['body', 'a', 1])
    expect(findInputProblem({ a: '\ud800' }, ['body'])?.type).toBe('value_error.str.invalid_characters')
    expect(findInputProblem({ 'k\udc00': 1 }, ['body'])?.loc).toEqual(['body', 'k\udc00'])
    expect(findInputProblem({ a: 'emoji 😀 and ёжик' }, ['body'])).toBeNull()
  })

  it('counts dotted key segments as levels', () => {
    const key = Array.from({ length: MAX_DEPTH + 1 }, () => 'a').join('.')
    expect(findInputProblem({ [key]: 1 }, ['body'])?.type).toBe('value_error.too_deep')
    expect(findInputProblem({ 'a.b.c': 1 }, ['body'])).toBeNull()
  })

  it('measures JSON nesting without being fooled by brackets in strings', () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`
    expect(jsonDepthExceeds(deep(MAX_DEPTH), MAX_DEPTH)).toBe(false)
    expect(jsonDepthExceeds(deep(MAX_DEPTH + 1), MAX_DEPTH)).toBe(true)
    expect(jsonDepthExceeds(JSON.stringify({ a: '[[[[[[[[[[\\"{{{{{{{{'.repeat(10) }), 3)).toBe(false)
  })
})

describe('hostile input through the upstream', () => {
  let w: World
  let h: Harness
  let token: string
  let node: string
  let process: { id: string; key: string }
  let task: { id: string; key: string; version: number }
  const NUL = 'bad\u0000name'

  beforeAll(async () => {
    w = await startWorkflowApi()
    ;({ h, adminToken: token, startId: node } = w)
    await makeFields(h, token, node)
    ;({ process } = await makeTaskProcess(h, token, node))
    task = await makeTask(h, token, node, process.id)
  })
  afterAll(() => h?.close())

  const refused = async (method: string, path: string, body: unknown, status = 422) => {
    const res = await unchanged(h.database.db, () => h.call(method, path, { token, body }))
    expect(res.status, JSON.stringify(res.body)).toBe(status)
    expect(Array.isArray(res.body.detail)).toBe(true)
    return res.body.detail as { type: string; loc?: (string | number)[] }[]
  }

  it.each([
    ['statuses', { name: NUL }],
    ['progress', { name: NUL, status_ids: [] }],
    ['processes', { name: NUL, key: 'NULKEY' }],
    ['teams', { name: NUL }],
    ['fields', { name: 'cf_nul', type: 'text', title: NUL }],
    ['forms', { name: NUL, fields: [] }],
  ])('a NUL in a %s name is refused with 422 and its place', async (area, body) => {
    const detail = await refused('POST', `/${area}/${node}`, body)
    expect(detail[0]).toMatchObject({
      type: 'value_error.str.invalid_characters',
      loc: ['body', area === 'fields' ? 'title' : 'name'],
    })
  })

  it('a lone surrogate in a task title, or a NUL in a query or path, is refused', async () => {
    const detail = await refused('POST', `/tasks/${node}/${process.id}`, { title: 'x\ud83d' })
    expect(detail[0]).toMatchObject({ type: 'value_error.str.invalid_characters', loc: ['body', 'title'] })
    const q = await h.call('GET', `/statuses/${node}?search=a%00b`, { token })
    expect(q.status).toBe(422)
    expect(q.body.detail[0]).toMatchObject({ loc: ['query', 'search'] })
    const p = await h.call('GET', `/tasks/${node}/K%00-1/key`, { token })
    expect(p.status).toBe(422)
    expect(p.body.detail[0]).toMatchObject({ loc: ['params', 'taskKey'] })
  })

  it.each(['18446744073709551617', '99999999999999999999999999999', '1e400', '-1', '0', '1.5', 'NaN', 'abc'])(
    'page=%s is refused with 422, never a 500',
    async (page) => {
      for (const q of [`page=${page}`, `per_page=${page}`]) {
        const res = await h.call('GET', `/statuses/${node}?${q}`, { token })
        expect(res.status, `${q}: ${JSON.stringify(res.body)}`).toBe(422)
        expect(res.body.detail[0]).toMatchObject({ type: 'value_error', loc: ['query', q.split('=')[0]] })
      }
      const rql = await refused('POST', `/tasks/rql/${node}`, { query: '', page: Number(page) || page })
      expect(rql[0]!.loc).toEqual(['body', 'page'])
    },
  )

  it('the last page allowed answers an empty page', async () => {
    const res = await h.call('GET', `/statuses/${node}?page=1000000&per_page=500`, { token })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual([])
  })

  it('a task body nested thousands of levels deep is refused on create and edit', async () => {
    for (const [method, path] of [
      ['POST', `/tasks/${node}/${process.id}`],
      ['PATCH', `/tasks/${node}/${task.id}`],
    ] as const) {
      // JSON.stringify itself recurses: the text is built by hand.
      const text = `{"title":"t","version":${task.version},"cf_office":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`
      const res = await unchanged(h.database.db, () =>
        fetch(`${h.url}${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: text,
        }),
      )
      expect(res.status).toBe(422)
      expect((await res.json()).detail[0]).toMatchObject({ type: 'value_error.too_deep', loc: ['body'] })
      const dotted = `cf_office.${Array.from({ length: 5000 }, () => 'a').join('.')}`
      const detail = await refused(method, path, { title: 't', version: task.version, [dotted]: 1 })
      expect(detail[0]).toMatchObject({ type: 'value_error.too_deep', loc: ['body', dotted] })
    }
  })

  it('a body over the limit answers 413 with the error envelope', async () => {
    const big = JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) })
    const res = await fetch(`${h.url}/tasks/${node}/${process.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: big,
    })
    expect(res.status).toBe(413)
    expect((await res.json()).detail[0].type).toBe('request.too_large')
  })

  it('an upload answered before it is read (unknown task) still gets its answer, not a reset', async () => {
    const form = new FormData()
    form.append('file', new Blob([Buffer.alloc(8 * 1024 * 1024, 1)]), 'big.bin')
    const res = await fetch(`${h.url}/attachments/${node}/00000000-0000-4000-8000-000000000000`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
    expect(res.status).toBe(404)
    expect((await res.json()).detail[0].type).toBe('tasks.task_not_found')
  })
})
