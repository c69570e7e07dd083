import { parseQuery } from '@domain/rql/parser'
import { describe, expect, it } from 'vitest'
import { cleanText, processKeyOf, quickFindIntent, quickFindQuery, taskKeyOf } from './quick-find'

describe('taskKeyOf: a task key as people type it', () => {
  it.each([
    ['TASK-12', 'TASK-12'],
    ['task-12', 'TASK-12'],
    ['  Task-12  ', 'TASK-12'],
    ['TASK-012', 'TASK-12'],
    ['DEV2-7', 'DEV2-7'],
    ['AB-1', 'AB-1'],
    ['ABCDEFGHIJ-999999', 'ABCDEFGHIJ-999999'],
  ])('%j → %s', (text, key) => {
    expect(taskKeyOf(text)).toBe(key)
  })

  it.each([
    'TASK',
    'TASK-',
    'TASK-0',
    'TASK 12',
    'TASK-12a',
    'T-12',
    '2TASK-12',
    'ABCDEFGHIJK-1',
    'TASK-1234567890123456',
    'ТАСК-12',
    'TASK-1-2',
    '',
  ])('%j is not a key', (text) => {
    expect(taskKeyOf(text)).toBeNull()
  })

  it('the process key is what comes before the number', () => {
    expect(processKeyOf('TASK-12')).toBe('TASK')
    expect(processKeyOf('DEV2-7')).toBe('DEV2')
  })
})

describe('quickFindQuery: the RQL a text stands for', () => {
  it('a key finds that task', () => {
    expect(quickFindQuery(' task-12 ')).toBe('key = "TASK-12"')
  })

  it('other text is searched in titles, quoted', () => {
    expect(quickFindQuery('report')).toBe('title ~ "report"')
    expect(quickFindQuery('fix the login')).toBe('title ~ "fix the login"')
  })

  it.each(['say "hi"', 'a\\b', '" or key = "X', '\\" or 1 = 1 or title ~ "', 'title ~ "', 'and', '('])(
    '%j stays one string: the query reads back as exactly that title search',
    (text) => {
      const query = quickFindQuery(text)
      const parsed = parseQuery(query)
      expect(parsed.ok).toBe(true)
      if (!parsed.ok) return
      const where = parsed.value.where
      expect(where).toMatchObject({ kind: 'compare', op: '~', value: { kind: 'string', value: text } })
    },
  )

  it('text that is already a query is kept as typed', () => {
    expect(quickFindQuery('status.name = Done')).toBe('status.name = Done')
    expect(quickFindQuery('order by created_at desc')).toBe('order by created_at desc')
  })

  it('control characters read as spaces, the ends trimmed, the length bounded', () => {
    expect(cleanText('\tfix\nlogin\u0000 ')).toBe('fix login')
    expect(cleanText('x'.repeat(500))).toHaveLength(200)
  })
})

describe('quickFindIntent: what Enter does', () => {
  it.each([
    ['', { kind: 'empty' }],
    ['   ', { kind: 'empty' }],
    ['task-3', { kind: 'key', key: 'TASK-3' }],
    ['login', { kind: 'search', query: 'title ~ "login"' }],
  ])('%j → %j', (text, intent) => {
    expect(quickFindIntent(text)).toEqual(intent)
  })
})
