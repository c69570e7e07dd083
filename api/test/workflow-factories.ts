import { randomBytes } from 'node:crypto'
import { expect } from 'vitest'
import { ADMIN, type Harness, startApi, USER } from './harness'
import { nodeIdOf, userIdOf } from './tenant-factories'

/*
 * Statuses, progress and processes made through the API itself, as the administrator: the
 * workflow tests read like what an administrator does in the admin pages.
 */

const suffix = () => randomBytes(3).toString('hex')

/** A started upstream with both seeded users signed in, and the ids the workflow tests need. */
export async function startWorkflowApi(
  env: Record<string, string> = {},
  opts: Parameters<typeof startApi>[1] = {},
) {
  const h = await startApi(env, opts)
  const [adminToken, userToken] = [await h.login(ADMIN), await h.login(USER)]
  const [startId, demoId] = [await nodeIdOf(h, 'start'), await nodeIdOf(h, 'demo')]
  const [adminId, userId] = [await userIdOf(h, ADMIN.email), await userIdOf(h, USER.email)]
  return { h, adminToken, userToken, startId, demoId, adminId, userId }
}

async function created(res: Awaited<ReturnType<Harness['call']>>) {
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data
}

export async function makeStatus(
  h: Harness,
  token: string,
  nodeId: string,
  body: Record<string, unknown> = {},
) {
  return created(
    await h.call('POST', `/statuses/${nodeId}`, { token, body: { name: `status ${suffix()}`, ...body } }),
  ) as Promise<{ id: string; name: string; description: string; color: string }>
}

export async function makeProgress(h: Harness, token: string, nodeId: string, statusIds: string[]) {
  return created(
    await h.call('POST', `/progress/${nodeId}`, {
      token,
      body: { name: `progress ${suffix()}`, status_ids: statusIds },
    }),
  ) as Promise<{ id: string; name: string; statuses: { id: string }[] }>
}

/** A progress of `n` new statuses. */
export async function makeFlow(h: Harness, token: string, nodeId: string, n = 3) {
  const statuses = []
  for (let i = 0; i < n; i++) statuses.push(await makeStatus(h, token, nodeId))
  const progress = await makeProgress(
    h,
    token,
    nodeId,
    statuses.map((s) => s.id),
  )
  return { progress, statusIds: statuses.map((s) => s.id) }
}

/** A fresh process key: a letter, then hex in capitals. */
export const newKey = () => `K${randomBytes(3).toString('hex').toUpperCase()}`

export async function makeProcess(
  h: Harness,
  token: string,
  nodeId: string,
  progressId: string,
  body: Record<string, unknown> = {},
) {
  return created(
    await h.call('POST', `/processes/${nodeId}`, {
      token,
      body: { key: newKey(), name: `process ${suffix()}`, progress_id: progressId, ...body },
    }),
  )
}
