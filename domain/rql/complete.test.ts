import { describe, expect, it } from 'vitest'
import { completeAt, MAX_SUGGESTIONS, type Vocabulary } from './complete'
import { queryFields } from './fields'
import { FIELDS } from './testing'

/*
 * Completion at the caret (marked `|` in each text): which kind of thing is offered, what a choice
 * replaces, and that a half-typed query still gets suggestions.
 */

const fields = queryFields(FIELDS)
const vocabulary: Vocabulary = {
  status: [{ value: 'To do' }, { value: 'In progress' }, { value: 'Done' }],
  assignee: [
    { value: 'ivan@example.com', label: 'Petrov Ivan', detail: 'ivan@example.com' },
    { value: 'anna@example.com', label: 'Anna Smirnova', detail: 'anna@example.com' },
  ],
}

function at(marked: string) {
  const caret = marked.indexOf('|')
  const text = marked.replace('|', '')
  const c = completeAt(text, caret, fields, vocabulary)
  return c && { ...c, inserts: c.items.map((i) => i.insert), replaced: text.slice(c.from, c.to) }
}

describe('completeAt', () => {
  it('offers keys at the start, after and / or / not / (, by what is typed', () => {
    expect(at('sta|')?.inserts).toEqual(expect.arrayContaining(['status']))
    expect(at('sta|')?.replaced).toBe('sta')
    expect(at('title ~ a and ass|')?.inserts[0]).toBe('assignee')
    expect(at('(cf_sel|')?.items[0]).toMatchObject({ insert: 'cf_select', kind: 'field' })
    expect(at('not upd|')?.inserts).toEqual(['updated_at'])
  })

  it('leaves children out until a dot asks for them, and offers no key that cannot be searched', () => {
    expect(at('assignee|')?.inserts ?? []).not.toContain('assignee.contacts.email')
    expect(at('assignee.con|')?.inserts).toEqual(
      expect.arrayContaining(['assignee.contacts.email', 'assignee.contacts.phone']),
    )
    expect(at('cf_fi|')?.inserts ?? []).not.toContain('cf_file')
  })

  it('offers the operators of the key’s type after it', () => {
    expect(at('title |')?.inserts).toEqual(expect.arrayContaining(['=', '~', '!~']))
    expect(at('cf_number |')?.inserts).toEqual(expect.arrayContaining(['>', '<=']))
    expect(at('cf_number |')?.inserts).not.toContain('~')
    expect(at('foo |')).toBeNull()
  })

  it('offers the statuses, quoted when they must be, and replaces the value being typed', () => {
    expect(at('status = |')?.inserts).toEqual(['"To do"', '"In progress"', 'Done'])
    const c = at('status = "in p| and key = A-1')
    expect(c?.inserts).toEqual(['"In progress"'])
    expect(c?.replaced).toBe('"in p')
  })

  it('offers people by name or e-mail, and me() on a key of users', () => {
    expect(at('assignee = pet|')?.items[0]).toMatchObject({
      insert: 'ivan@example.com',
      label: 'Petrov Ivan',
    })
    expect(at('assignee = |')?.inserts).toContain('me()')
    expect(at('cf_owner = m|')?.inserts).toContain('me()')
  })

  it('offers a select’s options from its definition, and inside an in list', () => {
    expect(at('cf_select = |')?.items.map((i) => [i.insert, i.label])).toEqual([
      ['high', 'High'],
      ['"2"', 'Low'],
    ])
    expect(at('cf_select in (high, |')?.inserts).toContain('"2"')
    expect(at('cf_select not in (|')?.inserts).toContain('high')
  })

  it('offers today() and now() on dates', () => {
    expect(at('created_at > t|')?.inserts).toEqual(['today()'])
  })

  it('offers the keywords after a condition, empty after is, and sort keys after order by', () => {
    expect(at('title ~ a o|')?.inserts).toEqual(['or', 'order by'])
    expect(at('title is |')?.inserts).toEqual(['empty', 'not empty'])
    expect(at('title ~ a order by |')?.inserts).toContain('title')
    expect(at('title ~ a order by |')?.inserts).not.toContain('description')
    expect(at('order by title d|')?.inserts).toEqual(['desc'])
    expect(at('order by title desc, ke|')?.inserts[0]).toBe('key')
  })

  it('offers nothing in place of exactly what is typed, after a space behind a value, or past an error', () => {
    expect(at('status = Done|')).toBeNull()
    expect(at('title ~ a |')).toBeNull()
    expect(at('title ~ ~ |')).toBeNull()
  })

  it('replaces the whole word under the caret', () => {
    expect(at('tit|le ~ a')).toBeNull()
    expect(at('sta|tu ~ a')?.replaced).toBe('statu')
  })

  it('offers at most a handful', () => {
    expect(at('|')?.items.length).toBe(MAX_SUGGESTIONS)
  })
})
