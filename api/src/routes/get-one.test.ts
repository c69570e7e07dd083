import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { badTokens } from '../../test/bad-tokens'
import { unchanged } from '../../test/db-state'
import type { Harness } from '../../test/harness'
import { bindWithRights, createUser, UNKNOWN_ID } from '../../test/tenant-factories'
import { makeFlow, makeProcess, makeStatus, startWorkflowApi } from '../../test/workflow-factories'

/*
 * GET of one item, the same four answers for every resource with an id (STYLE.md §17: a dialog
 * gets its item by id): found for any authorized member, unknown and another node's id 404 with the
 * resource's own code, a member without is_authorized 403, no or a bad token 401.
 */

let w: Awaited<ReturnType<typeof startWorkflowApi>>
/** Bound to start without is_authorized: as the list routes, 403. */
let unauthorized: string
let refused: [string, string | undefined][]
beforeAll(async () => {
  w = await startWorkflowApi()
  const u = await createUser(w.h)
  await bindWithRights(w.h, w.startId, u.id)
  unauthorized = await w.h.login(u)
  refused = await badTokens(w.h)
})
afterAll(() => w.h.close())

const suffix = () => randomBytes(3).toString('hex')

async function created(h: Harness, path: string, token: string, body: unknown) {
  const res = await h.call('POST', path, { token, body })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data as { id: string }
}

interface Case {
  resource: string
  path: (nodeId: string, id: string) => string
  notFound: string
  /** A new item of the node, as its POST answered it. */
  make: (nodeId: string) => Promise<{ id: string }>
}

const cases: Case[] = [
  {
    resource: 'statuses',
    path: (n, id) => `/statuses/${n}/${id}`,
    notFound: 'statuses.status_not_found',
    make: (n) => makeStatus(w.h, w.adminToken, n),
  },
  {
    resource: 'progress',
    path: (n, id) => `/progress/by-id/${n}/${id}`,
    notFound: 'progress.progress_not_found',
    make: async (n) => (await makeFlow(w.h, w.adminToken, n, 2)).progress,
  },
  {
    resource: 'processes',
    path: (n, id) => `/processes/${n}/${id}`,
    notFound: 'processes.process_not_found',
    make: async (n) =>
      makeProcess(w.h, w.adminToken, n, (await makeFlow(w.h, w.adminToken, n, 1)).progress.id),
  },
  {
    resource: 'teams',
    path: (n, id) => `/teams/${n}/${id}`,
    notFound: 'teams.team_not_found',
    make: (n) => created(w.h, `/teams/${n}`, w.adminToken, { name: `team ${suffix()}` }),
  },
  {
    resource: 'fields',
    path: (n, id) => `/fields/${n}/${id}`,
    notFound: 'fields.field_not_found',
    make: (n) =>
      created(w.h, `/fields/${n}`, w.adminToken, { name: `cf_${suffix()}`, type: 'number', title: 'One' }),
  },
  {
    resource: 'forms',
    path: (n, id) => `/forms/${n}/${id}`,
    notFound: 'forms.form_not_found',
    make: (n) =>
      created(w.h, `/forms/${n}`, w.adminToken, { name: `Form ${suffix()}`, fields: [{ name: 'title' }] }),
  },
]

describe.each(cases)('GET one of $resource', ({ path, notFound, make }) => {
  it('answers the item as its POST did, to any authorized member', async () => {
    const item = await make(w.startId)
    const res = await w.h.call('GET', path(w.startId, item.id), { token: w.userToken })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ data: item })
  })

  it("answers an unknown id and another node's id with 404 and the resource's code", async () => {
    const other = await make(w.demoId)
    for (const id of [UNKNOWN_ID, other.id]) {
      const res = await unchanged(w.h.database.db, () =>
        w.h.call('GET', path(w.startId, id), { token: w.adminToken }),
      )
      expect([res.status, res.body.detail[0].type], id).toEqual([404, notFound])
    }
  })

  it("answers another tenant's node with 404, no is_authorized with 403, no token with 401", async () => {
    const item = await make(w.startId)
    const demo = await make(w.demoId)
    const other = await w.h.call('GET', path(w.demoId, demo.id), { token: w.userToken })
    expect([other.status, other.body.detail[0].type]).toEqual([404, 'nodes.node_not_found'])
    const forbidden = await w.h.call('GET', path(w.startId, item.id), { token: unauthorized })
    expect([forbidden.status, forbidden.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
    for (const [, token] of refused) {
      const res = await w.h.call('GET', path(w.startId, item.id), { token })
      expect(res.status).toBe(401)
    }
  })
})

describe('GET one of fields', () => {
  it('answers a system field by its fixed id in any node', async () => {
    const list = await w.h.call('GET', `/fields/${w.startId}?per_page=1`, { token: w.userToken })
    const title = list.body.data[0]
    const res = await w.h.call('GET', `/fields/${w.startId}/${title.id}`, { token: w.userToken })
    expect([res.status, res.body.data]).toEqual([200, title])
  })
})
