import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jpegPhoto, pngImage } from '../../../test/attachment-factories'
import { dbState } from '../../../test/db-state'
import { locs } from '../../../test/details'
import { createUser, grant, type TestUser } from '../../../test/factories'
import { makeTask, makeTaskProcess } from '../../../test/task-factories'
import { startWorkflowApi } from '../../../test/workflow-factories'
import type { MemoryStorage } from '../../storage/memory-storage'

let w: Awaited<ReturnType<typeof startWorkflowApi>>
/** An administrator of start only. */
let nodeAdmin: TestUser & { token: string }
/** A user of start who administers nothing. */
let member: TestUser & { token: string }
/** A user of demo only: a stranger to start's administrator. */
let stranger: TestUser & { token: string }

beforeAll(async () => {
  w = await startWorkflowApi()
  const na = await createUser(w.h, w.adminToken, w.startId, { fio: { name: 'Node', surname: 'Admin' } })
  await grant(w.h, w.startId, na.id, 'is_admin')
  nodeAdmin = { ...na, token: await w.h.login(na) }
  const m = await createUser(w.h, w.adminToken, w.startId, { fio: { name: 'Mila', surname: 'Member' } })
  member = { ...m, token: await w.h.login(m) }
  const s = await createUser(w.h, w.adminToken, w.demoId)
  stranger = { ...s, token: await w.h.login(s) }
})
afterAll(() => w.h.close())

const db = () => w.h.database.db
const storage = () => w.h.app.storage as MemoryStorage
const logoKeys = () => [...storage().files.keys()].filter((k) => k.startsWith('user-logos/'))

/** PUT /users/{id}/logo with one file part, as the profile form sends it. */
async function putLogo(
  userId: string,
  token: string,
  file: { bytes: Buffer; type?: string; name?: string } | null,
  query = '',
) {
  const form = new FormData()
  if (file)
    form.append(
      'file',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }),
      file.name ?? 'me.png',
    )
  else form.append('note', 'no file')
  const res = await fetch(`${w.h.url}/users/${userId}/logo${query}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  return { status: res.status, body: (await res.json()) as any }
}

/** GET of a `logo` URL (/api/… as the browser sees it) straight from the upstream. */
const fetchLogo = (url: string, token: string) =>
  fetch(`${w.h.url}${url.replace(/^\/api/, '')}`, { headers: { authorization: `Bearer ${token}` } })

describe('a user sets, replaces and removes their own picture', () => {
  it('serves it at a URL that changes with the picture, with a safe type, nosniff and a long cache', async () => {
    const png = await pngImage(64, 64)
    // The client's claimed type is not what decides: this PNG says it is SVG.
    const set = await putLogo(member.id, member.token, { bytes: png, type: 'image/svg+xml', name: 'a.svg' })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    expect(set.body.detail).toEqual([{ type: 'users.logo_set', msg: 'Picture saved' }])
    const first: string = set.body.data.logo
    expect(first).toMatch(new RegExp(`^/api/users/${member.id}/logo/[0-9a-f-]{36}$`))
    expect((await w.h.call('GET', '/users/me', { token: member.token })).body.data.logo).toBe(first)

    const res = await fetchLogo(first, nodeAdmin.token)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable')
    expect(Buffer.from(await res.arrayBuffer())).toEqual(png)

    const jpeg = await jpegPhoto(80, 60)
    const replaced = await putLogo(member.id, member.token, { bytes: jpeg, type: 'image/png' })
    const second: string = replaced.body.data.logo
    expect(second).not.toBe(first)
    expect((await fetchLogo(first, member.token)).status).toBe(404)
    const again = await fetchLogo(second, member.token)
    expect(again.headers.get('content-type')).toBe('image/jpeg')
    // The replaced picture's bytes are gone from the storage.
    expect(logoKeys().filter((k) => k.startsWith(`user-logos/${member.id}/`))).toHaveLength(1)

    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .webp()
      .toBuffer()
    const third = await putLogo(member.id, member.token, { bytes: webp })
    expect((await fetchLogo(third.body.data.logo, member.token)).headers.get('content-type')).toBe(
      'image/webp',
    )

    const removed = await w.h.call('DELETE', `/users/${member.id}/logo`, { token: member.token })
    expect(removed.status).toBe(200)
    expect(removed.body.detail[0].type).toBe('users.logo_removed')
    expect(removed.body.data.logo).toBeNull()
    expect(logoKeys().filter((k) => k.startsWith(`user-logos/${member.id}/`))).toEqual([])
    expect((await fetchLogo(third.body.data.logo, member.token)).status).toBe(404)
    // Removing when there is none is no error.
    expect((await w.h.call('DELETE', `/users/${member.id}/logo`, { token: member.token })).status).toBe(200)
  })

  it('refuses SVG, HTML, GIF, a picture past 512 KB and no file with 422 and a code, changing nothing', async () => {
    const kept = await putLogo(member.id, member.token, { bytes: await pngImage(10, 10) })
    const logo = kept.body.data.logo
    const keys = logoKeys()
    const before = await dbState(db())
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    const html = Buffer.from('<!doctype html><script>alert(1)</script>')
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')
    for (const bytes of [svg, html, gif]) {
      const res = await putLogo(member.id, member.token, { bytes, type: 'image/png', name: 'x.png' })
      expect([res.status, locs(res.body)]).toEqual([422, ['body.file:users.logo_type']])
    }
    const big = Buffer.concat([(await pngImage(4, 4)).subarray(0, 16), Buffer.alloc(512 * 1024)])
    const tooBig = await putLogo(member.id, member.token, { bytes: big })
    expect([tooBig.status, locs(tooBig.body)]).toEqual([422, ['body.file:users.logo_too_large']])
    expect(tooBig.body.detail[0].msg).toBe('The picture must be at most 512 KB')
    const none = await putLogo(member.id, member.token, null)
    expect([none.status, locs(none.body)]).toEqual([422, ['body.file:value_error.missing']])
    const empty = await putLogo(member.id, member.token, { bytes: Buffer.alloc(0) })
    expect([empty.status, locs(empty.body)]).toEqual([422, ['body.file:value_error.missing']])
    expect(await dbState(db())).toEqual(before)
    expect(logoKeys()).toEqual(keys)
    expect((await w.h.call('GET', '/users/me', { token: member.token })).body.data.logo).toBe(logo)
  })
})

describe("an administrator sets a user's picture; other tenants are not found", () => {
  it('lets the node administrator set and remove it, narrowed by node_id', async () => {
    const u = await createUser(w.h, w.adminToken, w.startId)
    const set = await putLogo(
      u.id,
      nodeAdmin.token,
      { bytes: await pngImage(16, 16) },
      `?node_id=${w.startId}`,
    )
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    expect(set.body.data.logo).toMatch(/^\/api\/users\//)
    const del = await w.h.call('DELETE', `/users/${u.id}/logo?node_id=${w.startId}`, {
      token: nodeAdmin.token,
    })
    expect([del.status, del.body.data.logo]).toEqual([200, null])
  })

  it('answers 403 to a member editing someone else and 404 for a user of another node', async () => {
    const png = await pngImage(8, 8)
    const before = await dbState(db())
    const notAdmin = await putLogo(nodeAdmin.id, member.token, { bytes: png })
    expect(notAdmin.status).toBe(403)
    const other = await putLogo(stranger.id, nodeAdmin.token, { bytes: png })
    expect([other.status, other.body.detail[0].type]).toEqual([404, 'users.user_not_found'])
    const otherDel = await w.h.call('DELETE', `/users/${stranger.id}/logo`, { token: nodeAdmin.token })
    expect(otherDel.status).toBe(404)
    expect(await dbState(db())).toEqual(before)
  })

  it('does not serve a picture to someone who shares no node with its user', async () => {
    const set = await putLogo(stranger.id, stranger.token, { bytes: await pngImage(8, 8) })
    expect((await fetchLogo(set.body.data.logo, stranger.token)).status).toBe(200)
    const res = await fetchLogo(set.body.data.logo, nodeAdmin.token)
    expect(res.status).toBe(404)
    expect(((await res.json()) as { detail: { type: string }[] }).detail[0]!.type).toBe(
      'users.logo_not_found',
    )
  })
})

describe('the people the API answers carry their picture', () => {
  it('on the task (author, assignee), its attachments and its comments', async () => {
    const p = await makeTaskProcess(w.h, w.adminToken, w.startId, { form: false })
    const logo = (await putLogo(w.adminId, w.adminToken, { bytes: await pngImage(12, 12) })).body.data.logo
    const task = await makeTask(w.h, w.adminToken, w.startId, p.process.id)
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(await pngImage(5, 5))]), 'a.png')
    await fetch(`${w.h.url}/attachments/${w.startId}/${task.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${w.adminToken}` },
      body: form,
    })
    await w.h.call('POST', `/tasks/${w.startId}/${task.id}/comments`, {
      token: w.adminToken,
      body: { body: 'Hello' },
    })
    const card = (await w.h.call('GET', `/tasks/${w.startId}/${task.id}`, { token: w.adminToken })).body.data
    expect(card.author.logo).toBe(logo)
    expect(card.attachments[0].user).toMatchObject({ id: w.adminId, logo })
    const comments = await w.h.call('GET', `/tasks/${w.startId}/${task.id}/comments`, { token: w.adminToken })
    expect(comments.body.data[0].author.logo).toBe(logo)
    await w.h.call('DELETE', `/users/${w.adminId}/logo`, { token: w.adminToken })
  })
})
