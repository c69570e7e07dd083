import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { ADMIN, ORIGIN } from './env'
import { apiToken, type Credentials, signIn, startNodeId } from './utils'

/** Signs in through the form and waits for home. */
export async function signInHome(page: Page, user: Credentials) {
  await signIn(page, user)
  await expect(page).toHaveURL(`${ORIGIN}/lk`)
}

/** PATCH /api/nodes/{id} as the administrator: top-level keys merged, null removes one. */
export async function patchStartNode(request: APIRequestContext, settings: Record<string, unknown>) {
  const token = await apiToken(request, ADMIN)
  const res = await request.patch(`${ORIGIN}/api/nodes/${await startNodeId(request)}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { settings },
  })
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()).data as { version: number }
}

/** The web app keeps a node's look for a few seconds: reload until the page shows the change. */
export async function reloadUntil(page: Page, check: () => Promise<boolean>, timeout = 15_000) {
  await expect
    .poll(
      async () => {
        await page.reload()
        return check()
      },
      { timeout, intervals: [500, 1000, 1000, 2000] },
    )
    .toBe(true)
}
