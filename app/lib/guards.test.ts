import type { RightsMap } from '@domain/rights/rights'
import { describe, expect, it } from 'vitest'
import { adminGuard, decideBinding, decideUserAndNode, shellAbilities, taskCreateGuard } from './guards'

const user: RightsMap = { is_authorized: null, task_view: null }
const creator: RightsMap = { ...user, task_create: ['DEV'] }
const admin: RightsMap = { is_authorized: null, is_admin: null, task_create: null }

describe('the access check of spec §4', () => {
  it('continues with the user and the node found', () => {
    expect(decideUserAndNode(200, 200, 'start')).toEqual({ kind: 'continue' })
  })

  it('an unknown or invalid node → node-not-found with its name', () => {
    expect(decideUserAndNode(200, 404, 'acme')).toEqual({
      kind: 'redirect',
      to: '/errors/node-not-found?node=acme',
    })
    expect(decideUserAndNode(200, 422, 'a_b')).toMatchObject({ to: '/errors/node-not-found?node=a_b' })
  })

  it('not authenticated → login (the upstream client signs out on the 401 before this)', () => {
    expect(decideUserAndNode(401, 200, 'start')).toEqual({ kind: 'redirect', to: '/auth/login' })
  })

  it('anything else the upstream says is unexpected, with its status', () => {
    expect(decideUserAndNode(500, 200, 'start')).toEqual({ kind: 'unexpected', status: 500 })
    expect(decideUserAndNode(200, 503, 'start')).toEqual({ kind: 'unexpected', status: 503 })
  })

  it('bound with is_authorized → continue', () => {
    expect(decideBinding(200, user)).toEqual({ kind: 'continue' })
  })

  it('not in the node, or without is_authorized → node-not-binded', () => {
    expect(decideBinding(404, null)).toEqual({ kind: 'redirect', to: '/errors/node-not-binded' })
    expect(decideBinding(403, null)).toEqual({ kind: 'redirect', to: '/errors/node-not-binded' })
    expect(decideBinding(200, { task_view: null })).toEqual({
      kind: 'redirect',
      to: '/errors/node-not-binded',
    })
    expect(decideBinding(200, {})).toMatchObject({ to: '/errors/node-not-binded' })
  })

  it('a rights answer it cannot read is unexpected', () => {
    expect(decideBinding(500, null)).toEqual({ kind: 'unexpected', status: 500 })
    expect(decideBinding(200, null)).toEqual({ kind: 'unexpected', status: 200 })
  })
})

describe('layout guards (spec §6)', () => {
  it('/admin needs is_admin, else home', () => {
    expect(adminGuard(admin)).toEqual({ kind: 'continue' })
    expect(adminGuard(user)).toEqual({ kind: 'redirect', to: '/lk' })
    expect(adminGuard(creator)).toEqual({ kind: 'redirect', to: '/lk' })
  })

  it('task creation needs task_create (for any process), else home', () => {
    expect(taskCreateGuard(admin)).toEqual({ kind: 'continue' })
    expect(taskCreateGuard(creator)).toEqual({ kind: 'continue' })
    expect(taskCreateGuard(user)).toEqual({ kind: 'redirect', to: '/lk' })
  })

  it('the shell shows the admin entries and the New Task button by the same rights', () => {
    expect(shellAbilities(admin)).toEqual({ isAdmin: true, canCreateTask: true })
    expect(shellAbilities(creator)).toEqual({ isAdmin: false, canCreateTask: true })
    expect(shellAbilities(user)).toEqual({ isAdmin: false, canCreateTask: false })
  })
})
