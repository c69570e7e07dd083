import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { ORIGIN } from './env'

export interface Credentials {
  email: string
  password: string
}

/** Fills and submits the sign-in form the way a person does (works with and without JavaScript). */
export async function signIn(page: Page, user: Credentials, url = `${ORIGIN}/auth/login`) {
  if (!page.url().includes('/auth/login')) await page.goto(url)
  await page.locator('input[name="email"]').fill(user.email)
  await page.locator('input[name="password"]').fill(user.password)
  await page.locator('form#login button[type="submit"]').click()
}

export async function tokenCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === '_token')
}

export async function localToken(page: Page) {
  return page.evaluate(() => ({
    t: localStorage.getItem('_t'),
    accessToken: localStorage.getItem('accessToken'),
  }))
}

/** A bearer token straight from the upstream (through the web tier's /api forwarding). */
export async function apiToken(request: APIRequestContext, user: Credentials): Promise<string> {
  const res = await request.post(`${ORIGIN}/api/users/token`, {
    data: { email: user.email, password: user.password },
  })
  expect(res.status()).toBe(200)
  return (await res.json()).data.access_token as string
}

let nodeRoutes: boolean | undefined

/**
 * The access check needs GET /api/nodes/domain/{d} and POST /api/rights/all-users/{id}, which the
 * upstream gains on feat/nodes. Until then, the tests that reach /lk skip with this reason; they run
 * (and must pass) as soon as the upstream answers those routes.
 */
export const NODE_ROUTES_PENDING =
  'the upstream does not serve /api/nodes/domain and /api/rights/all-users yet'

export async function hasNodeRoutes(request: APIRequestContext, admin: Credentials): Promise<boolean> {
  if (nodeRoutes !== undefined) return nodeRoutes
  const node = await request.get(`${ORIGIN}/api/nodes/domain/start`)
  if (node.status() !== 200) {
    nodeRoutes = false
    return false
  }
  const token = await apiToken(request, admin)
  const me = await (
    await request.get(`${ORIGIN}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })
  ).json()
  const rights = await request.post(`${ORIGIN}/api/rights/all-users/${(await node.json()).data.id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: [me.data.id],
  })
  nodeRoutes = rights.status() === 200
  return nodeRoutes
}

export function skipWithoutNodeRoutes(admin: Credentials) {
  test.beforeEach(async ({ request }) => {
    test.skip(!(await hasNodeRoutes(request, admin)), NODE_ROUTES_PENDING)
  })
}

/** Console errors a page logged, minus Chromium's own GPU notices (DEPENDENCIES.md). */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/GPU stall due to ReadPixels/.test(msg.text())) errors.push(msg.text())
  })
  page.on('pageerror', (err) => errors.push(err.message))
  return errors
}
