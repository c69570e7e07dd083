import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { badTokens, expectEachRefused } from '../../../test/bad-tokens'
import { unchanged } from '../../../test/db-state'
import { locs } from '../../../test/details'
import { ADMIN, type Harness, startApi, USER } from '../../../test/harness'
import { bindWithRights, createUser, nodeIdOf, UNKNOWN_ID } from '../../../test/tenant-factories'
import { makeFlow, makeProcess } from '../../../test/workflow-factories'
import { formOfProcess } from '../../services/forms'

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
  for (const node of [start, demo]) {
    await h.call('POST', `/fields/${node}`, {
      token: admin,
      body: { name: 'cf_budget', type: 'number', title: 'Budget', settings: { max_length: 6 } },
    })
    await h.call('POST', `/fields/${node}`, {
      token: admin,
      body: { name: 'cf_office', type: 'address', title: 'Office' },
    })
  }
})
afterAll(() => h.close())

const db = () => h.database.db
// Helpers default to the administrator: 401 cases call h.call themselves.
const post = (node: string, body: unknown, token = admin) => h.call('POST', `/forms/${node}`, { token, body })
const patch = (node: string, id: string, body: unknown, token = admin) =>
  h.call('PATCH', `/forms/${node}/${id}`, { token, body })
const del = (node: string, id: string, token = admin) => h.call('DELETE', `/forms/${node}/${id}`, { token })
const bind = (node: string, body: unknown, token = admin) =>
  h.call('POST', `/forms/bind-form/${node}`, { token, body })
const list = (node: string, query = '', token = admin) => h.call('GET', `/forms/${node}${query}`, { token })
let n = 0
/** A process of the node (no form yet), through the processes API. */
async function newProcess(node: string): Promise<string> {
  const { progress } = await makeFlow(h, admin, node, 1)
  return (await makeProcess(h, admin, node, progress.id)).id
}
async function form(node: string, body: Record<string, unknown> = {}) {
  const res = await post(node, { name: `Form ${++n}`, fields: [{ name: 'title' }], ...body })
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.data as { id: string; name: string; version: number }
}

describe('POST /forms/{nodeId}', () => {
  it('creates a form of system and custom fields, grid 12 by default, says form_created', async () => {
    const res = await post(start, {
      name: 'Create task',
      fields: [
        { name: 'title', label: 'Subject' },
        { name: 'cf_budget', grid: 6, default: '1200' },
        { name: 'cf_office', readonly: true },
      ],
      editable: ['title', 'cf_budget'],
    })
    expect(res.status).toBe(201)
    expect(res.body.detail).toEqual([{ type: 'forms.form_created', msg: 'Form created' }])
    expect(res.body.data).toMatchObject({
      name: 'Create task',
      layout: 'simple',
      fields: [
        { name: 'title', grid: 12, label: 'Subject' },
        // The default is stored as the field stores it.
        { name: 'cf_budget', grid: 6, default: 1200 },
        { name: 'cf_office', grid: 12, readonly: true },
      ],
      editable: ['title', 'cf_budget'],
      visible: null,
      tabs: [],
      process_ids: [],
      version: 1,
    })
  })

  it("keeps an entry's appendIcon, its own settings and childFields (spec §3), checked like the field's", async () => {
    await h.call('POST', `/fields/${start}`, {
      token: admin,
      body: { name: 'cf_due_date', type: 'date', title: 'Due' },
    })
    const res = await post(start, {
      name: 'With settings',
      fields: [
        { name: 'title', appendIcon: 'search' },
        { name: 'cf_due_date', appendIcon: null, settings: { action_row: true, unknown_key: 1 } },
        { name: 'cf_budget', settings: { required: true, default: '10' } },
        {
          name: 'cf_office',
          childFields: [
            { name: 'city', grid: 6, label: 'Town' },
            { name: 'flat', visible: false },
          ],
        },
      ],
    })
    expect(res.status).toBe(201)
    expect(res.body.data.fields).toEqual([
      { name: 'title', grid: 12, appendIcon: 'search' },
      { name: 'cf_due_date', grid: 12, appendIcon: null, settings: { action_row: true } },
      { name: 'cf_budget', grid: 12, settings: { required: true, default: 10 } },
      {
        name: 'cf_office',
        grid: 12,
        childFields: [
          { name: 'city', grid: 6, label: 'Town' },
          { name: 'flat', visible: false },
        ],
      },
    ])
    const read = await h.call('GET', `/forms/${start}/${res.body.data.id}`, { token: admin })
    expect(read.body.data.fields).toEqual(res.body.data.fields)

    const bad = await unchanged(db(), () =>
      post(start, {
        name: 'Bad settings',
        fields: [
          { name: 'title', appendIcon: 'rocket' },
          { name: 'cf_due_date', settings: { action_row: 'yes' } },
          { name: 'cf_office', childFields: [{ name: 'planet' }] },
        ],
      }),
    )
    expect(bad.status).toBe(422)
    expect(locs(bad.body)).toEqual(['body.fields.0.appendIcon:value_error.enum'])
    const unknownChild = await unchanged(db(), () =>
      post(start, {
        name: 'Bad children',
        fields: [
          { name: 'cf_due_date', settings: { action_row: 'yes' } },
          { name: 'cf_office', childFields: [{ name: 'planet' }] },
        ],
      }),
    )
    expect(locs(unknownChild.body)).toEqual([
      'body.fields.0.settings.action_row:value_error',
      'body.fields.1.childFields.0.name:forms.unknown_field',
    ])
  })

  it('lays out tabs and boards', async () => {
    const tabs = await post(start, {
      name: 'Tabbed',
      layout: 'tabs',
      tabs: [
        { name: 'main', title: 'Main' },
        { name: 'more', title: 'More' },
      ],
      fields: [
        { name: 'title', tab: 'main' },
        { name: 'cf_office', tab: 'more' },
      ],
    })
    expect(tabs.status).toBe(201)
    const board = await post(start, {
      name: 'Board',
      layout: 'board',
      fields: [{ name: 'title', x: 0, y: 0, w: 24, h: 2 }],
    })
    expect(board.status).toBe(201)
  })

  it('refuses unknown fields and defaults a field refuses, at the entry', async () => {
    const res = await unchanged(db(), () =>
      post(start, {
        name: 'Broken',
        fields: [{ name: 'title' }, { name: 'cf_nowhere' }, { name: 'cf_budget', default: '12ab' }],
      }),
    )
    expect(res.status).toBe(422)
    expect(locs(res.body)).toEqual([
      'body.fields.1.name:forms.unknown_field',
      'body.fields.2.default:value_error.number',
    ])
    // A field of another node is no field of this one.
    await h.call('POST', `/fields/${demo}`, {
      token: admin,
      body: { name: 'cf_demo_only', type: 'text', title: 'T' },
    })
    const theirs = await unchanged(db(), () => post(start, { name: 'X', fields: [{ name: 'cf_demo_only' }] }))
    expect(locs(theirs.body)).toEqual(['body.fields.0.name:forms.unknown_field'])
  })

  it('refuses a form that does not hold together, at each loc', async () => {
    const res = await unchanged(db(), () =>
      post(start, {
        name: 'Bad',
        layout: 'tabs',
        tabs: [{ name: 'main', title: 'Main' }],
        fields: [{ name: 'title', tab: 'main' }, { name: 'title', tab: 'side' }, { name: 'cf_budget' }],
        editable: ['cf_office'],
        visible: ['cf_budget'],
      }),
    )
    expect(res.status).toBe(422)
    expect(locs(res.body)).toEqual([
      'body.fields.1.name:forms.field_repeated',
      'body.fields.1.tab:forms.unknown_tab',
      'body.fields.2.tab:validation.required',
      'body.editable.0:forms.unknown_field',
    ])
    const shape = await unchanged(db(), () =>
      post(start, { name: '', layout: 'grid', fields: [{ name: 'title', grid: 13 }], editable: 'all' }),
    )
    expect(locs(shape.body)).toEqual([
      'body.name:validation.required',
      'body.layout:value_error.enum',
      'body.fields.0.grid:value_error',
      'body.editable:value_error',
    ])
    const board = await unchanged(db(), () =>
      post(start, { name: 'B', layout: 'board', fields: [{ name: 'title', x: 40, y: 0, w: 10 }] }),
    )
    expect(locs(board.body)).toEqual(['body.fields.0.h:validation.required', 'body.fields.0.w:value_error'])
  })

  it('refuses a name taken in any case (409), not one of another node', async () => {
    const f = await form(start)
    const res = await unchanged(db(), () => post(start, { name: f.name.toUpperCase(), fields: [] }))
    expect(res.status).toBe(409)
    expect(locs(res.body)).toEqual(['body.name:forms.form_already_exists'])
    expect((await post(demo, { name: f.name, fields: [] })).status).toBe(201)
  })

  it('is for administrators: 403 to a user, 404 in another node, 401 without a valid token', async () => {
    const body = { name: 'Nope', fields: [] }
    const res = await unchanged(db(), () => post(start, body, user))
    expect(res.status).toBe(403)
    expect(res.body.detail[0].type).toBe('rights.forbidden')
    const other = await unchanged(db(), () => post(demo, body, startAdmin))
    expect(other.status).toBe(404)
    expect(other.body.detail[0].type).toBe('nodes.node_not_found')
    await expectEachRefused(h, refused, (token) => h.call('POST', `/forms/${start}`, { token, body }))
  })
})

describe('GET /forms/{nodeId}', () => {
  it('lists forms by name, paginated, searched in any case, with their processes', async () => {
    const node = demo
    const names = ['Zulu intake', 'alpha intake', 'Mike review']
    for (const name of names) await form(node, { name })
    const all = await list(node, '?per_page=500')
    expect(all.status).toBe(200)
    const got = all.body.data.map((f: { name: string }) => f.name)
    expect(got).toEqual(
      [...got].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())),
    )
    const found = await list(node, '?search=INTAKE&per_page=1&page=2')
    expect(found.body.data.map((f: { name: string }) => f.name)).toEqual(['Zulu intake'])
    expect(found.body.meta).toEqual({ total: 2, page: 2, per_page: 1 })
    const process = await newProcess(node)
    const mike = all.body.data.find((f: { name: string }) => f.name === 'Mike review')
    await bind(node, { process_id: process, form_id: mike.id })
    const byProcess = await list(node, `?process_id=${process}`)
    expect(byProcess.body.data).toEqual([expect.objectContaining({ id: mike.id, process_ids: [process] })])
    expect(byProcess.body.meta.total).toBe(1)
  })

  it('is open to users of the node; another node is 404; bad queries 422', async () => {
    expect((await list(start, '', user)).status).toBe(200)
    const other = await list(demo, '', user)
    expect(other.status).toBe(404)
    expect(other.body.detail[0].type).toBe('nodes.node_not_found')
    const bad = await list(start, '?per_page=0&process_id=x')
    expect(locs(bad.body).sort()).toEqual(['query.per_page:value_error', 'query.process_id:value_error.uuid'])
    await expectEachRefused(h, refused, (token) => h.call('GET', `/forms/${start}`, { token }))
  })
})

describe('PATCH /forms/{nodeId}/{formId}', () => {
  it('replaces the keys sent, checks the whole, bumps the version, says form_edited', async () => {
    const f = await form(start)
    const res = await patch(start, f.id, {
      fields: [{ name: 'title' }, { name: 'cf_office', visible: false }],
      visible: ['title'],
      version: 1,
    })
    expect(res.status).toBe(200)
    expect(res.body.detail).toEqual([{ type: 'forms.form_edited', msg: 'Changes saved' }])
    expect(res.body.data).toMatchObject({ name: f.name, visible: ['title'], version: 2 })
    expect(res.body.data.fields).toHaveLength(2)
    const tabs = await unchanged(db(), () => patch(start, f.id, { layout: 'tabs' }))
    expect(locs(tabs.body)).toEqual(['body.tabs:validation.required'])
    const unknown = await unchanged(db(), () =>
      patch(start, f.id, { fields: [{ name: 'cf_gone' }], visible: null }),
    )
    expect(locs(unknown.body)).toEqual(['body.fields.0.name:forms.unknown_field'])
  })

  it('refuses a stale version (409 form_conflict) and a taken name (409)', async () => {
    const f = await form(start)
    const other = await form(start)
    await patch(start, f.id, { name: `${f.name} v2` })
    const stale = await unchanged(db(), () => patch(start, f.id, { name: 'Late', version: 1 }))
    expect(stale.status).toBe(409)
    expect(locs(stale.body)).toEqual(['body.version:forms.form_conflict'])
    const taken = await unchanged(db(), () => patch(start, f.id, { name: other.name }))
    expect(locs(taken.body)).toEqual(['body.name:forms.form_already_exists'])
    // Its own name in another case is no clash.
    expect((await patch(start, f.id, { name: `${f.name} V2` })).status).toBe(200)
  })

  it("answers 404 for an unknown id or another node's form, 403 to a user", async () => {
    const theirs = await form(demo)
    const res = await unchanged(db(), () => patch(start, theirs.id, { name: 'Mine' }))
    expect(res.status).toBe(404)
    expect(res.body.detail[0].type).toBe('forms.form_not_found')
    expect((await patch(start, UNKNOWN_ID, {})).status).toBe(404)
    expect((await unchanged(db(), () => patch(demo, theirs.id, {}, startAdmin))).status).toBe(404)
    const mine = await form(start)
    const forbidden = await unchanged(db(), () => patch(start, mine.id, { name: 'x' }, user))
    expect(forbidden.status).toBe(403)
    expect(forbidden.body.detail[0].type).toBe('rights.forbidden')
  })
})

describe('POST /forms/bind-form/{nodeId} and DELETE /forms/{nodeId}/{formId}', () => {
  it('binds a process to a form, rebinds it, and hands the tasks their form and editable names', async () => {
    const process = await newProcess(start)
    const a = await form(start, {
      fields: [{ name: 'title' }, { name: 'cf_budget' }, { name: 'cf_office', readonly: true }],
    })
    const b = await form(start)
    const res = await bind(start, { process_id: process, form_id: a.id })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      data: { process_id: process, form_id: a.id },
      detail: [{ type: 'forms.form_bound', msg: 'Form bound' }],
    })
    const found = await formOfProcess(db(), start, process)
    expect(found?.form.id).toBe(a.id)
    expect(found?.editable).toEqual(['title', 'cf_budget'])
    expect(await formOfProcess(db(), demo, process)).toBeUndefined()
    // processes.form_id is the link: the process reads it, the form lists the process.
    const listed = await h.call('GET', `/processes/${start}?search=`, { token: admin })
    expect(listed.body.data.find((p: { id: string }) => p.id === process).form_id).toBe(a.id)
    expect((await list(start, `?process_id=${process}`)).body.data.map((f: { id: string }) => f.id)).toEqual([
      a.id,
    ])
    await bind(start, { process_id: process, form_id: b.id })
    expect((await formOfProcess(db(), start, process))?.form.id).toBe(b.id)
    const unbound = await bind(start, { process_id: process, form_id: null })
    expect(unbound.body.detail[0].type).toBe('forms.form_unbound')
    expect(await formOfProcess(db(), start, process)).toBeUndefined()
  })

  it('refuses to delete a bound form (409 form_in_use) until the process is bound elsewhere', async () => {
    const process = await newProcess(start)
    const f = await form(start)
    await bind(start, { process_id: process, form_id: f.id })
    const res = await unchanged(db(), () => del(start, f.id))
    expect(res.status).toBe(409)
    expect(res.body.detail[0]).toMatchObject({
      type: 'forms.form_in_use',
      loc: ['params', 'formId'],
      ctx: { processes: process },
    })
    await bind(start, { process_id: process, form_id: null })
    const ok = await del(start, f.id)
    expect(ok.status).toBe(200)
    expect(ok.body).toEqual({
      data: { id: f.id },
      detail: [{ type: 'forms.form_deleted', msg: 'Form deleted' }],
    })
    expect((await del(start, f.id)).status).toBe(404)
  })

  it("refuses another node's form or process (404 at its loc), bad ids (422) and non-admins (403)", async () => {
    const theirs = await form(demo)
    const process = await newProcess(start)
    const res = await unchanged(db(), () => bind(start, { process_id: process, form_id: theirs.id }))
    expect(res.status).toBe(404)
    expect(locs(res.body)).toEqual(['body.form_id:forms.form_not_found'])
    const theirProcess = await newProcess(demo)
    for (const id of [theirProcess, UNKNOWN_ID]) {
      const mine = await form(start)
      for (const formId of [mine.id, null]) {
        const other = await unchanged(db(), () => bind(start, { process_id: id, form_id: formId }))
        expect([other.status, locs(other.body)]).toEqual([
          404,
          ['body.process_id:processes.process_not_found'],
        ])
      }
    }
    const bad = await unchanged(db(), () => bind(start, { process_id: 'p1' }))
    expect(locs(bad.body)).toEqual(['body.process_id:value_error.uuid', 'body.form_id:value_error.missing'])
    const mine = await form(start)
    const forbidden = await unchanged(db(), () =>
      bind(start, { process_id: process, form_id: mine.id }, user),
    )
    expect(forbidden.status).toBe(403)
    const other = await unchanged(db(), () =>
      bind(demo, { process_id: process, form_id: theirs.id }, startAdmin),
    )
    expect(other.status).toBe(404)
    expect(other.body.detail[0].type).toBe('nodes.node_not_found')
    const delOther = await unchanged(db(), () => del(start, theirs.id))
    expect(delOther.status).toBe(404)
    const delUser = await unchanged(db(), () => del(start, mine.id, user))
    expect(delUser.status).toBe(403)
    await expectEachRefused(h, refused, (token) =>
      h.call('POST', `/forms/bind-form/${start}`, { token, body: { process_id: process, form_id: mine.id } }),
    )
    await expectEachRefused(h, refused, (token) => h.call('DELETE', `/forms/${start}/${mine.id}`, { token }))
  })
})
