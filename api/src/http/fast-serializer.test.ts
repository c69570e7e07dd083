import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fastSerializer } from './fast-serializer'

const schema = z.object({
  data: z.array(
    z.object({
      id: z.string().uuid(),
      number: z.number().int(),
      assignee_id: z.string().uuid().nullable(),
      custom_fields: z.record(z.unknown()),
    }),
  ),
  meta: z.object({ total: z.number().int(), next_cursor: z.string().nullable() }),
})
const write = fastSerializer({ schema })
const id = '00000000-0000-4000-8000-000000000001'

describe('fastSerializer', () => {
  it('writes what the zod schema names, as JSON.stringify would, and drops the rest', () => {
    const row = { id, number: 7, assignee_id: null, custom_fields: { cf_a: [1, 'x'], cf_b: { c: null } } }
    const out = write({
      data: [{ ...row, password_hash: 'secret' }],
      meta: { total: 1, next_cursor: null },
      extra: 1,
    })
    expect(JSON.parse(out)).toEqual({ data: [row], meta: { total: 1, next_cursor: null } })
    expect(out).not.toContain('secret')
  })

  it('refuses an answer that lacks a required property', () => {
    expect(() => write({ data: [], meta: { next_cursor: null } })).toThrow(/total/)
  })
})
