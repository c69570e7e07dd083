import { describe, expect, it } from 'vitest'
import { commentSegments } from './mentions'

const ann = {
  id: '11111111-1111-4111-8111-111111111111',
  full_name: 'Ivanova Anna',
  email: 'ann@example.com',
}
const bob = { id: '22222222-2222-4222-8222-222222222222', full_name: 'Bob Smith', email: 'bob@example.com' }

describe('commentSegments', () => {
  it('shows mentions by e-mail or id as the person', () => {
    expect(commentSegments(`Hi @ann@example.com and @${bob.id}.`, [ann.id, bob.id], [ann, bob])).toEqual([
      { text: 'Hi ' },
      { mention: { id: ann.id, label: 'Ivanova Anna', raw: '@ann@example.com' } },
      { text: ' and ' },
      { mention: { id: bob.id, label: 'Bob Smith', raw: `@${bob.id}` } },
      { text: '.' },
    ])
  })

  it('keeps a trailing dot out of the address', () => {
    const s = commentSegments('ask @bob@example.com.', [bob.id], [bob])
    expect(s).toEqual([
      { text: 'ask ' },
      { mention: { id: bob.id, label: 'Bob Smith', raw: '@bob@example.com' } },
      { text: '.' },
    ])
  })

  it('leaves plain text: an address in a word, unknown people, people the comment did not mention', () => {
    expect(commentSegments('mail bob@example.com', [bob.id], [bob])).toEqual([
      { text: 'mail bob@example.com' },
    ])
    expect(commentSegments('@nobody@example.com hi', [], [bob])).toEqual([{ text: '@nobody@example.com hi' }])
    expect(commentSegments('@bob@example.com', [], [bob])).toEqual([{ text: '@bob@example.com' }])
  })
})
