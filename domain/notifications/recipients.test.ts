import type { NodusEvent } from '@domain/events'
import { describe, expect, it } from 'vitest'
import { recipientsOf, type TaskPeople } from './recipients'

const task = { id: 't', key: 'DEV-1' }
const base = { id: 1, node_id: 'n', occurred_at: '2026-01-01T00:00:00.000Z' }
const people: TaskPeople = { authorId: 'author', assigneeId: 'assignee', watcherIds: ['w1', 'w2'] }

describe('recipientsOf', () => {
  it('a created task: its assignee, assigned; nobody when the author assigns themself', () => {
    const e = (actor: string, assignee: string | null): NodusEvent<'task.created'> => ({
      ...base,
      type: 'task.created',
      actor_id: actor,
      data: { task, title: 'x', process_id: 'p', status_id: 's', assignee_id: assignee, author_id: actor },
    })
    expect(recipientsOf(e('author', 'bob'), people)).toEqual([{ userId: 'bob', kind: 'assigned' }])
    expect(recipientsOf(e('bob', 'bob'), people)).toEqual([])
    expect(recipientsOf(e('author', null), people)).toEqual([])
  })

  it('an edit: the new assignee only; an unassignment or other fields tell nobody', () => {
    const e = (changes: { field: string; old: unknown; new: unknown }[]): NodusEvent<'task.edited'> => ({
      ...base,
      type: 'task.edited',
      actor_id: 'author',
      data: { task, version: 2, changes, batch_id: null },
    })
    expect(recipientsOf(e([{ field: 'assignee', old: 'a', new: 'carol' }]), people)).toEqual([
      { userId: 'carol', kind: 'assigned' },
    ])
    expect(recipientsOf(e([{ field: 'assignee', old: 'a', new: null }]), people)).toEqual([])
    expect(recipientsOf(e([{ field: 'title', old: 'a', new: 'b' }]), people)).toEqual([])
  })

  it('a move: author, assignee, watchers — each once, never the mover', () => {
    const e: NodusEvent<'task.moved'> = {
      ...base,
      type: 'task.moved',
      actor_id: 'w1',
      data: { task, version: 2, from: 's1', to: 's2', batch_id: null },
    }
    expect(recipientsOf(e, { ...people, watcherIds: ['w1', 'w2', 'author'] })).toEqual([
      { userId: 'author', kind: 'status' },
      { userId: 'assignee', kind: 'status' },
      { userId: 'w2', kind: 'status' },
    ])
  })

  it('a comment: mentions first (a mention outranks a comment), then the task’s people; never the writer', () => {
    const e: NodusEvent<'comment.added'> = {
      ...base,
      type: 'comment.added',
      actor_id: 'assignee',
      data: { task, comment_id: 'c', mentions: ['w1', 'zoe', 'assignee'] },
    }
    expect(recipientsOf(e, people)).toEqual([
      { userId: 'w1', kind: 'mention' },
      { userId: 'zoe', kind: 'mention' },
      { userId: 'author', kind: 'comment' },
      { userId: 'w2', kind: 'comment' },
    ])
  })
})
