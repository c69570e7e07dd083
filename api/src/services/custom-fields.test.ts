import { buildFormSchema } from '@domain/fields/form'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, type Harness, startApi } from '../../test/harness'
import { nodeIdOf } from '../../test/tenant-factories'
import { InvalidInput } from '../http/errors'
import { customDefinitions, validateCustomFields } from './custom-fields'

/*
 * The check the tasks' routes run on custom_fields: the node's definitions, loaded from the
 * database, through the same domain schema the browser's form uses.
 */

let h: Harness
let start: string
let demo: string
beforeAll(async () => {
  h = await startApi()
  const admin = await h.login(ADMIN)
  ;[start, demo] = [await nodeIdOf(h, 'start'), await nodeIdOf(h, 'demo')]
  const defs = [
    { name: 'cf_summary', type: 'text', title: 'Summary', settings: { required: true, max_length: 10 } },
    { name: 'cf_email', type: 'email', title: 'E-mail' },
    { name: 'cf_points', type: 'number', title: 'Points' },
    {
      name: 'cf_city',
      type: 'select',
      title: 'City',
      settings: {
        options: [
          { title: 'Moscow', value: 'msk' },
          { title: 'Kazan', value: 'kzn' },
        ],
      },
    },
    { name: 'cf_contact.phone', type: 'phone', title: 'Phone' },
    { name: 'cf_contact.name', type: 'text', title: 'Contact', settings: { min_length: 2 } },
    {
      name: 'cf_office',
      type: 'address',
      title: 'Office',
      structure: [
        { name: 'city', type: 'text', title: 'City', settings: { required: true } },
        { name: 'street', type: 'text', title: 'Street', settings: { max_length: 5 } },
      ],
    },
  ]
  for (const body of defs) {
    const res = await h.call('POST', `/fields/${start}`, { token: admin, body })
    if (res.status !== 201) throw new Error(JSON.stringify(res.body))
  }
  // Another node's field of a name start does not have: never start's.
  await h.call('POST', `/fields/${demo}`, {
    token: admin,
    body: { name: 'cf_other', type: 'text', title: 'O' },
  })
})
afterAll(() => h.close())

/** The details of a refusal as 'loc:type', or the stored values. */
async function check(values: unknown, editable?: string[]) {
  try {
    return { values: await validateCustomFields(h.database.db, start, values, { editable }) }
  } catch (e) {
    if (!(e instanceof InvalidInput)) throw e
    expect(e.statusCode).toBe(422)
    return { details: e.details, refused: e.details.map((d) => `${d.loc?.join('.')}:${d.type}`) }
  }
}

describe('validateCustomFields', () => {
  it('gives the values as they are stored, empty ones as null', async () => {
    const { values } = await check({
      cf_summary: '  Fix it ',
      cf_email: 'A@Example.com ',
      cf_points: '42',
      cf_city: 'kzn',
      cf_contact: { phone: '8 999 123 45 67', name: '' },
      cf_office: { city: 'Moscow', street: '' },
    })
    expect(values).toEqual({
      cf_summary: 'Fix it',
      cf_email: 'A@Example.com',
      cf_points: 42,
      cf_city: 'kzn',
      cf_contact: { phone: '+79991234567', name: null },
      cf_office: { city: 'Moscow', street: null },
    })
    // The same schema the browser's form parses with, over the same definitions.
    const defs = await customDefinitions(h.database.db, start)
    expect(
      buildFormSchema(defs).parse({
        cf_summary: 'Fix it',
        cf_points: '42',
        cf_contact: { phone: '8 999 123 45 67' },
      }),
    ).toMatchObject({ cf_summary: 'Fix it', cf_points: 42, cf_contact: { phone: '+79991234567' } })
  })

  it('refuses each bad value with its code at body.custom_fields.…, bounds in ctx', async () => {
    const r = await check({
      cf_summary: 'x'.repeat(11),
      cf_email: 'nope',
      cf_points: '12ab',
      cf_city: 'spb',
      cf_contact: { phone: '123', name: 'A' },
      cf_office: { street: 'Very long' },
    })
    // In the order of the definitions, by name.
    expect(r.refused).toEqual([
      'body.custom_fields.cf_city:value_error.enum',
      'body.custom_fields.cf_contact.name:validation.min_length',
      'body.custom_fields.cf_contact.phone:value_error.phone',
      'body.custom_fields.cf_email:validation.email',
      'body.custom_fields.cf_office.city:validation.required',
      'body.custom_fields.cf_office.street:validation.max_length',
      'body.custom_fields.cf_points:value_error.number',
      'body.custom_fields.cf_summary:validation.max_length',
    ])
    expect(r.details?.at(-1)).toEqual({
      type: 'validation.max_length',
      msg: 'The maximum length allowed is 10',
      loc: ['body', 'custom_fields', 'cf_summary'],
      ctx: { max: 10 },
    })
  })

  it('applies required to missing and blank values alike; an empty address is no address', async () => {
    expect((await check({})).refused).toEqual(['body.custom_fields.cf_summary:validation.required'])
    expect((await check(undefined)).refused).toEqual(['body.custom_fields.cf_summary:validation.required'])
    expect((await check({ cf_summary: '   ' })).refused).toEqual([
      'body.custom_fields.cf_summary:validation.required',
    ])
    const { values } = await check({ cf_summary: 'ok', cf_office: { city: '', street: ' ' } })
    expect(values).toMatchObject({ cf_summary: 'ok', cf_office: null })
  })

  it('refuses names no definition of the node has, nested ones too', async () => {
    const r = await check({ cf_summary: 'ok', cf_other: 'x', cf_contact: { fax: '1' }, title: 'T' })
    expect(r.refused).toEqual([
      'body.custom_fields.cf_other:value_error.extra',
      'body.custom_fields.cf_contact.fax:value_error.extra',
      'body.custom_fields.title:value_error.extra',
    ])
    expect((await check('text')).refused).toEqual(['body.custom_fields:value_error'])
    expect((await check([1])).refused).toEqual(['body.custom_fields:value_error'])
  })

  it('with a form’s editable names, leaves the other fields out and their rules unapplied', async () => {
    const { values } = await check(
      { cf_points: '7', cf_summary: 'x'.repeat(50), cf_contact: { phone: '' } },
      ['cf_points', 'cf_contact'],
    )
    expect(values).toEqual({ cf_points: 7, cf_contact: { phone: null, name: null } })
    const r = await check({ cf_points: 'seven' }, ['cf_points'])
    expect(r.refused).toEqual(['body.custom_fields.cf_points:value_error.number'])
  })

  it("checks another node's values against that node's definitions only", async () => {
    expect(await validateCustomFields(h.database.db, demo, { cf_other: ' x ' })).toEqual({ cf_other: 'x' })
    await expect(validateCustomFields(h.database.db, demo, { cf_summary: 'x' })).rejects.toBeInstanceOf(
      InvalidInput,
    )
  })
})
