import { randomBytes } from 'node:crypto'
import { expect } from 'vitest'
import type { Harness } from './harness'
import { bindWithRights, createUser } from './tenant-factories'
import { makeFlow, makeProcess, type startWorkflowApi } from './workflow-factories'

/*
 * Tasks need a workflow: a progress of statuses, a process bound to a form with custom fields.
 * Made through the API as the administrator, like the workflow tests do.
 */

export type World = Awaited<ReturnType<typeof startWorkflowApi>>

const suffix = () => randomBytes(3).toString('hex')

/** The node's custom fields the task tests use (created once per node). */
export async function makeFields(h: Harness, token: string, nodeId: string) {
  for (const body of [
    { name: 'cf_points', type: 'number', title: 'Points' },
    { name: 'cf_note', type: 'text', title: 'Note', settings: { max_length: 20 } },
    { name: 'cf_locked', type: 'text', title: 'Locked' },
    {
      name: 'cf_office',
      type: 'address',
      title: 'Office',
      structure: [
        { name: 'city', type: 'text', title: 'City' },
        { name: 'street', type: 'text', title: 'Street' },
      ],
    },
  ]) {
    const res = await h.call('POST', `/fields/${nodeId}`, { token, body })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
  }
}

/**
 * A process over a new progress of `n` statuses, bound to a form of title, description and the
 * custom fields (cf_locked read-only on the form). `body` adds transitions, field rules…
 */
export async function makeTaskProcess(
  h: Harness,
  token: string,
  nodeId: string,
  opts: { n?: number; body?: (statusIds: string[]) => Record<string, unknown>; form?: boolean } = {},
) {
  const { progress, statusIds } = await makeFlow(h, token, nodeId, opts.n ?? 3)
  const process = await makeProcess(h, token, nodeId, progress.id, opts.body?.(statusIds) ?? {})
  if (opts.form !== false) {
    const form = await h.call('POST', `/forms/${nodeId}`, {
      token,
      body: {
        name: `Form ${suffix()}`,
        fields: [
          { name: 'title' },
          { name: 'description' },
          { name: 'cf_points' },
          { name: 'cf_note' },
          { name: 'cf_office' },
          { name: 'cf_locked', readonly: true },
        ],
      },
    })
    expect(form.status, JSON.stringify(form.body)).toBe(201)
    const bound = await h.call('POST', `/forms/bind-form/${nodeId}`, {
      token,
      body: { process_id: process.id, form_id: form.body.data.id },
    })
    expect(bound.status, JSON.stringify(bound.body)).toBe(200)
  }
  return { process: process as { id: string; key: string }, statusIds, progressId: progress.id }
}

/** A user of the node holding exactly these rights ('task_view:KEY' grants the right for one key). */
export async function userWith(h: Harness, nodeId: string, rights: string[]) {
  const u = await createUser(h)
  await bindWithRights(h, nodeId, u.id, ['is_authorized'])
  const admin = await h.login({ email: 'admin@example.com', password: 'admin-password-1' })
  for (const r of rights) {
    const [code, keys] = r.split(':')
    const res = await h.call('POST', `/rights/${nodeId}`, {
      token: admin,
      body: { user_id: u.id, right_code: code, attributes: keys ? keys.split(',') : null },
    })
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300)
  }
  return { ...u, token: await h.login(u) }
}

export async function makeTask(
  h: Harness,
  token: string,
  nodeId: string,
  processId: string,
  body: Record<string, unknown> = {},
) {
  const res = await h.call('POST', `/tasks/${nodeId}/${processId}`, {
    token,
    body: { title: `Task ${suffix()}`, ...body },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data
}
