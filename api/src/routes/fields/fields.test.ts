import { SYSTEM_FIELDS } from '@domain/fields/system'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { badTokens, expectEachRefused } from '../../../test/bad-tokens'
import { unchanged } from '../../../test/db-state'
import { locs } from '../../../test/details'
import { ADMIN, type Harness, startApi, USER } from '../../../test/harness'
import { bindWithRights, createUser, nodeIdOf, UNKNOWN_ID } from '../../../test/tenant-factories'
import { auditLog } from '../../db/schema'

let h: Harness
let admin: string
let user: string
/** An administrator of start only: demo is another tenant to them. */
let startAdmin: string
let start: string
let demo: string
let refused: [string, string | undefined][]
beforeAll(async () => {
  h = await startApi()
  ;[admin, user] = [await h.login(ADMIN), await h.login(USER)]
  ;[start, demo] = [await nodeIdOf(h, 'start'), await nodeIdOf(h, 'demo')]
  const sa = await createUser(h)
  await bindWithRights(h, start, sa.id, ['is_authorized', 'is_admin'])
  startAdmin = await h.login(sa)
  refused = await badTokens(h)
})
afterAll(() => h.close())

const db = () => h.database.db
// Helpers default to the administrator: 401 cases call h.call themselves (an undefined token would default).
const post = (node: string, body: unknown, token = admin) =>
  h.call('POST', `/fields/${node}`, { token, body })
const patch = (node: string, id: string, body: unknown, token = admin) =>
  h.call('PATCH', `/fields/${node}/${id}`, { token, body })
const del = (node: string, id: string, token = admin) => h.call('DELETE', `/fields/${node}/${id}`, { token })
const list = (node: string, query = '', token = admin) => h.call('GET', `/fields/${node}${query}`, { token })
let n = 0
/** A fresh custom field in the node, through the API. */
async function field(node: string, body: Record<string, unknown> = {}) {
  const res = await post(node, { name: `cf_f${++n}`, type: 'text', title: `Field ${n}`, ...body })
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.data as { id: string; name: string; version: number }
}
async function form(node: string, names: string[]) {
  const res = await h.call('POST', `/forms/${node}`, {
    token: admin,
    body: { name: `Form ${++n}`, fields: names.map((name) => ({ name })) },
  })
  if (res.status !== 201) throw new Error(`form failed: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.data as { id: string; name: string }
}
const systemId = async (name: string) =>
  (await list(start, `?search=${name}`)).body.data.find((f: { name: string }) => f.name === name).id as string

describe('GET /fields/{nodeId}', () => {
  it('lists the system fields first, marked system, then custom fields by name', async () => {
    const node = demo
    await field(node, { name: 'cf_zeta', title: 'Zeta' })
    await field(node, { name: 'cf_alpha', title: 'Alpha', settings: { required: true, max_length: 20 } })
    const res = await list(node, '?per_page=500')
    expect(res.status).toBe(200)
    const names = res.body.data.map((f: { name: string }) => f.name)
    expect(names.slice(0, SYSTEM_FIELDS.length)).toEqual(SYSTEM_FIELDS.map((f) => f.name))
    expect(names.slice(SYSTEM_FIELDS.length)).toEqual(['cf_alpha', 'cf_zeta'])
    expect(res.body.meta).toEqual({ total: SYSTEM_FIELDS.length + 2, page: 1, per_page: 500 })
    expect(res.body.data[0]).toMatchObject({ name: 'title', system: true, version: null, type: 'text' })
    expect(res.body.data.find((f: { name: string }) => f.name === 'cf_alpha')).toMatchObject({
      system: false,
      type: 'text',
      title: 'Alpha',
      settings: { required: true, max_length: 20 },
      structure: null,
      version: 1,
    })
  })

  it('gives system fields the same ids in every node, and custom fields only in their own', async () => {
    const a = (await list(start, '?per_page=500')).body.data
    const b = (await list(demo, '?per_page=500')).body.data
    const sys = (rows: { system: boolean; id: string }[]) => rows.filter((f) => f.system).map((f) => f.id)
    expect(sys(a)).toEqual(sys(b))
    expect(new Set(sys(a)).size).toBe(SYSTEM_FIELDS.length)
    expect(b.some((f: { name: string }) => f.name === 'cf_zeta')).toBe(true)
    expect(a.some((f: { name: string }) => f.name === 'cf_zeta')).toBe(false)
  })

  it('cuts pages across system and custom fields, and searches name and title in any case', async () => {
    const total = (await list(start)).body.meta.total
    const all = (await list(start, '?per_page=500')).body.data.map((f: { id: string }) => f.id)
    const pages = []
    for (let p = 1; (p - 1) * 4 < total; p++) {
      const res = await list(start, `?page=${p}&per_page=4`)
      expect(res.body.meta).toEqual({ total, page: p, per_page: 4 })
      pages.push(...res.body.data.map((f: { id: string }) => f.id))
    }
    expect(pages).toEqual(all)
    await field(start, { name: 'cf_story_points', title: 'Story POINTS', type: 'number' })
    const found = await list(start, '?search=points')
    expect(found.body.data.map((f: { name: string }) => f.name)).toEqual(['cf_story_points'])
    const sys = await list(start, '?search=ATTACH')
    expect(sys.body.data.map((f: { name: string }) => f.name)).toEqual(['attachments'])
    const typed = await list(start, '?type=number')
    expect(typed.body.data.map((f: { name: string }) => f.name)).toEqual(['cf_story_points'])
    const literal = await list(start, '?search=%25')
    expect(literal.body.data).toEqual([])
  })

  it('is open to anyone authorized in the node; another node is 404; bad queries 422', async () => {
    expect((await list(start, '', user)).status).toBe(200)
    const other = await list(demo, '', user)
    expect(other.status).toBe(404)
    expect(other.body.detail[0].type).toBe('nodes.node_not_found')
    expect((await list(UNKNOWN_ID)).status).toBe(404)
    const bad = await list(start, '?per_page=501&type=rating')
    expect(bad.status).toBe(422)
    expect(locs(bad.body).sort()).toEqual(['query.per_page:value_error', 'query.type:value_error.enum'])
    const id = await list('nope')
    expect(locs(id.body)).toEqual(['params.nodeId:value_error.uuid'])
  })

  it('refuses every bad token with 401', async () => {
    await expectEachRefused(h, refused, (token) => h.call('GET', `/fields/${start}`, { token }))
  })
})

describe('POST /fields/{nodeId}', () => {
  it('creates a custom field, answering 201 with field_created and writing the audit log', async () => {
    const res = await post(start, {
      name: 'cf_city_code',
      type: 'select',
      title: ' City ',
      settings: { options: [{ title: 'Moscow', value: 'msk' }], required: true, colour: 'red' },
      system: true,
    })
    expect(res.status).toBe(201)
    expect(res.body.detail).toEqual([{ type: 'fields.field_created', msg: 'Field created' }])
    expect(res.body.data).toMatchObject({
      name: 'cf_city_code',
      title: 'City',
      system: false,
      settings: { options: [{ title: 'Moscow', value: 'msk' }], required: true },
      version: 1,
    })
    expect(res.body.data.settings.colour).toBeUndefined()
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.nodeId, start), eq(auditLog.targetId, res.body.data.id)))
    expect(audit.map((a) => a.action)).toEqual(['fields.field_created'])
  })

  it('keeps an address with its parts', async () => {
    const res = await post(start, {
      name: 'cf_office',
      type: 'address',
      title: 'Office',
      structure: [
        { name: 'city', type: 'text', title: 'City', settings: { required: true } },
        { name: 'street', type: 'text', title: 'Street' },
      ],
    })
    expect(res.status).toBe(201)
    expect(res.body.data.structure.map((c: { name: string }) => c.name)).toEqual(['city', 'street'])
  })

  it('refuses a bad definition with each problem at its loc, changing nothing', async () => {
    const res = await unchanged(db(), () =>
      post(start, {
        name: 'title',
        type: 'rating',
        title: '',
      }),
    )
    expect(res.status).toBe(422)
    expect(locs(res.body)).toEqual(['body.type:value_error.enum', 'body.title:validation.required'])
    const settings = await unchanged(db(), () =>
      post(start, { name: 'Story', type: 'text', title: 'T', settings: { min_length: 5, max_length: 'x' } }),
    )
    expect(locs(settings.body)).toEqual(
      expect.arrayContaining([
        'body.name:value_error.field_name',
        'body.settings.max_length:value_error.number',
      ]),
    )
    const dflt = await unchanged(db(), () =>
      post(start, { name: 'cf_mail', type: 'email', title: 'Mail', settings: { default: 'nope' } }),
    )
    expect(locs(dflt.body)).toEqual(['body.settings.default:validation.email'])
  })

  it('refuses a taken name (409) and a name nesting under or over another field (422)', async () => {
    await field(start, { name: 'cf_taken' })
    const taken = await unchanged(db(), () => post(start, { name: 'cf_taken', type: 'number', title: 'T' }))
    expect(taken.status).toBe(409)
    expect(locs(taken.body)).toEqual(['body.name:fields.field_already_exists'])
    const under = await unchanged(db(), () =>
      post(start, { name: 'cf_taken.part', type: 'text', title: 'T' }),
    )
    expect(under.status).toBe(422)
    expect(under.body.detail).toEqual([
      {
        type: 'fields.field_name_overlaps',
        msg: 'This name overlaps the field cf_taken: a field cannot also be a group of fields',
        loc: ['body', 'name'],
        ctx: { field: 'cf_taken' },
      },
    ])
    await field(start, { name: 'cf_group.child' })
    const over = await unchanged(db(), () => post(start, { name: 'cf_group', type: 'text', title: 'T' }))
    expect(over.body.detail[0]).toMatchObject({
      type: 'fields.field_name_overlaps',
      ctx: { field: 'cf_group.child' },
    })
    // Same name in another node is another field.
    expect((await post(demo, { name: 'cf_taken', type: 'text', title: 'T' })).status).toBe(201)
  })

  it('is for administrators: 403 to a user of the node, 404 in another node', async () => {
    const body = { name: 'cf_nope', type: 'text', title: 'T' }
    const res = await unchanged(db(), () => post(start, body, user))
    expect(res.status).toBe(403)
    expect(res.body.detail[0].type).toBe('rights.forbidden')
    const other = await unchanged(db(), () => post(demo, body, startAdmin))
    expect(other.status).toBe(404)
    expect(other.body.detail[0].type).toBe('nodes.node_not_found')
    await expectEachRefused(h, refused, (token) => h.call('POST', `/fields/${start}`, { token, body }))
  })
})

describe('PATCH /fields/{nodeId}/{fieldId}', () => {
  it('merges settings key by key (null removes one), bumps the version, says field_edited', async () => {
    const f = await field(start, { settings: { required: true, max_length: 10, placeholder: 'Type' } })
    const res = await patch(start, f.id, {
      title: 'Renamed',
      settings: { max_length: 20, placeholder: null },
    })
    expect(res.status).toBe(200)
    expect(res.body.detail).toEqual([{ type: 'fields.field_edited', msg: 'Changes saved' }])
    expect(res.body.data).toMatchObject({
      title: 'Renamed',
      settings: { required: true, max_length: 20 },
      version: 2,
    })
    expect(res.body.data.settings.placeholder).toBeUndefined()
    const renamed = await patch(start, f.id, { name: `${f.name}_new`, type: 'textarea', version: 2 })
    expect(renamed.body.data).toMatchObject({ name: `${f.name}_new`, type: 'textarea', version: 3 })
  })

  it('checks the merged definition as a new one, refusing at the body loc', async () => {
    const f = await field(start, { settings: { max_length: 10 } })
    const res = await unchanged(db(), () => patch(start, f.id, { settings: { min_length: 20 } }))
    expect(res.status).toBe(422)
    expect(locs(res.body)).toEqual(['body.settings.min_length:value_error'])
    const name = await unchanged(db(), () => patch(start, f.id, { name: 'cf_Bad' }))
    expect(locs(name.body)).toEqual(['body.name:value_error.field_name'])
    const type = await unchanged(db(), () => patch(start, f.id, { type: 42 }))
    expect(locs(type.body)).toEqual(['body.type:value_error'])
  })

  it('refuses a stale version (409 field_conflict) and a taken name (409)', async () => {
    const f = await field(start)
    const other = await field(start)
    await patch(start, f.id, { title: 'First' })
    const stale = await unchanged(db(), () => patch(start, f.id, { title: 'Second', version: 1 }))
    expect(stale.status).toBe(409)
    expect(locs(stale.body)).toEqual(['body.version:fields.field_conflict'])
    const taken = await unchanged(db(), () => patch(start, f.id, { name: other.name }))
    expect(taken.status).toBe(409)
    expect(locs(taken.body)).toEqual(['body.name:fields.field_already_exists'])
  })

  it('refuses renaming or retyping a field a form uses (409 field_in_use naming the forms)', async () => {
    const f = await field(start)
    const used = await form(start, ['title', f.name])
    const rename = await unchanged(db(), () => patch(start, f.id, { name: `${f.name}_x` }))
    expect(rename.status).toBe(409)
    expect(rename.body.detail).toEqual([
      {
        type: 'fields.field_in_use',
        msg: `The field is used by the forms: ${used.name}`,
        loc: ['body', 'name'],
        ctx: { forms: used.name },
      },
    ])
    const retype = await unchanged(db(), () => patch(start, f.id, { type: 'email' }))
    expect(locs(retype.body)).toEqual(['body.type:fields.field_in_use'])
    // Its title and settings stay editable.
    expect((await patch(start, f.id, { title: 'Still fine', settings: { required: true } })).status).toBe(200)
  })

  it('refuses system fields (422 system_field_readonly)', async () => {
    const id = await systemId('status')
    const res = await unchanged(db(), () => patch(start, id, { name: 'cf_status', type: 'text' }))
    expect(res.status).toBe(422)
    expect(res.body.detail).toEqual([
      {
        type: 'fields.system_field_readonly',
        msg: 'System fields cannot be changed',
        loc: ['params', 'fieldId'],
      },
    ])
  })

  it("answers 404 for an unknown id or another node's field, 403 to a non-admin", async () => {
    const theirs = await field(demo)
    const res = await unchanged(db(), () => patch(start, theirs.id, { title: 'Mine now' }))
    expect(res.status).toBe(404)
    expect(res.body.detail[0].type).toBe('fields.field_not_found')
    expect((await patch(start, UNKNOWN_ID, { title: 'x' })).status).toBe(404)
    const viaOther = await unchanged(db(), () => patch(demo, theirs.id, { title: 'x' }, startAdmin))
    expect(viaOther.status).toBe(404)
    expect(viaOther.body.detail[0].type).toBe('nodes.node_not_found')
    const mine = await field(start)
    const forbidden = await unchanged(db(), () => patch(start, mine.id, { title: 'x' }, user))
    expect(forbidden.status).toBe(403)
    expect(forbidden.body.detail[0].type).toBe('rights.forbidden')
    const bad = await patch(start, 'nope', {})
    expect(locs(bad.body)).toEqual(['params.fieldId:value_error.uuid'])
  })
})

describe('DELETE /fields/{nodeId}/{fieldId}', () => {
  it('deletes a custom field no form uses', async () => {
    const f = await field(start)
    const res = await del(start, f.id)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      data: { id: f.id },
      detail: [{ type: 'fields.field_deleted', msg: 'Field deleted' }],
    })
    expect((await list(start, `?search=${f.name}`)).body.data).toEqual([])
    expect((await del(start, f.id)).status).toBe(404)
  })

  it('refuses a field in use by forms, naming them, until they drop it', async () => {
    const f = await field(start)
    const a = await form(start, [f.name])
    const b = await form(start, ['title', f.name])
    const res = await unchanged(db(), () => del(start, f.id))
    expect(res.status).toBe(409)
    expect(res.body.detail[0]).toMatchObject({
      type: 'fields.field_in_use',
      loc: ['params', 'fieldId'],
      ctx: { forms: [a.name, b.name].sort().join(', ') },
    })
    for (const fm of [a, b])
      await h.call('PATCH', `/forms/${start}/${fm.id}`, {
        token: admin,
        body: { fields: [{ name: 'title' }] },
      })
    expect((await del(start, f.id)).status).toBe(200)
  })

  it('never leaves a form with a deleted field when both happen at once', async () => {
    for (let i = 0; i < 5; i++) {
      const f = await field(start)
      const [deleted, created] = await Promise.all([
        del(start, f.id),
        h.call('POST', `/forms/${start}`, {
          token: admin,
          body: { name: `Race ${f.name}`, fields: [{ name: f.name }] },
        }),
      ])
      // One of them wins; never both (on PostgreSQL the two run on two connections).
      expect([deleted.status, created.status].sort()).toEqual(
        deleted.status === 200 ? [200, 422] : [201, 409],
      )
    }
  })

  it('never deletes a system field', async () => {
    for (const name of ['title', 'attachments']) {
      const sys = await unchanged(db(), async () => del(start, await systemId(name)))
      expect(sys.status).toBe(422)
      expect(sys.body.detail).toEqual([
        {
          type: 'fields.system_field_not_deletable',
          msg: 'System fields cannot be deleted',
          loc: ['params', 'fieldId'],
        },
      ])
    }
  })

  it("is for this node's administrators only", async () => {
    const theirs = await field(demo)
    expect((await unchanged(db(), () => del(start, theirs.id))).status).toBe(404)
    expect((await unchanged(db(), () => del(demo, theirs.id, startAdmin))).status).toBe(404)
    const mine = await field(start)
    const res = await unchanged(db(), () => del(start, mine.id, user))
    expect(res.status).toBe(403)
    expect(res.body.detail[0].type).toBe('rights.forbidden')
    await expectEachRefused(h, refused, (token) => h.call('DELETE', `/fields/${start}/${mine.id}`, { token }))
  })
})
