import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
} from '@playwright/test'
import { ADMIN, METRICS_TOKEN, ORIGIN } from './env'

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

/** The demo node `start`'s id. */
export async function startNodeId(request: APIRequestContext): Promise<string> {
  const res = await request.get(`${ORIGIN}/api/nodes/domain/start`)
  expect(res.status()).toBe(200)
  return (await res.json()).data.id as string
}

/** A call to the upstream through /api as `token`: its status and JSON body (null for 204). */
export async function apiFetch(
  request: APIRequestContext,
  token: string,
  method: string,
  path: string,
  data?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever the answer holds
): Promise<{ status: number; body: any }> {
  const res = await request.fetch(`${ORIGIN}/api${path}`, {
    method,
    data,
    headers: { authorization: `Bearer ${token}` },
  })
  return { status: res.status(), body: res.status() === 204 ? null : await res.json() }
}

/** A call that must succeed: its `data` (null for 204); a failure fails the test with the answer. */
// biome-ignore lint/suspicious/noExplicitAny: a test reads whatever the answer holds
export async function apiData<T = any>(
  request: APIRequestContext,
  token: string,
  method: string,
  path: string,
  data?: unknown,
): Promise<T> {
  const { status, body } = await apiFetch(request, token, method, path, data)
  expect(status < 300, `${method} ${path}: ${status} ${JSON.stringify(body)}`).toBe(true)
  return body?.data as T
}

/** The node's CSV configuration's id, created (comma-separated) if the node has none. */
export async function csvConfigId(request: APIRequestContext, token: string, node: string): Promise<string> {
  const listed = await apiData<{ id: string }[]>(
    request,
    token,
    'GET',
    `/plugin-configs/${node}?plugin_id=csv`,
  )
  if (listed[0]) return listed[0].id
  const made = await apiData<{ id: string }>(request, token, 'POST', `/plugin-configs/${node}/csv`, {
    name: 'CSV',
    settings: { delimiter: ',' },
  })
  return made.id
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

/** A cookie's value as the web app writes its preference cookies (JSON, base64). */
export const cookieValue = (value: string) => Buffer.from(JSON.stringify(value)).toString('base64')

/** A new context in English and `theme`, with or without JavaScript, signed in as the administrator. */
export async function englishAdminSession(
  browser: Browser,
  js: boolean,
  theme: 'dark' | 'light',
  options: { acceptDownloads?: boolean } = {},
) {
  const context = await browser.newContext({ javaScriptEnabled: js, locale: 'en-US', ...options })
  await context.addCookies([
    { name: 'theme', value: cookieValue(theme), url: ORIGIN },
    { name: 'lng', value: cookieValue('en'), url: ORIGIN },
  ])
  const page = await context.newPage()
  await signIn(page, ADMIN)
  await expect(page).toHaveURL(/\/lk/)
  return { context, page }
}

/**
 * The live streams the upstream holds open (its metric). Once every tab of a test is closed it must
 * come back to none: a stream left open counts against its user's limit (ADR 017) for good.
 */
export async function openLiveStreams(request: APIRequestContext): Promise<number> {
  const res = await request.get(`${ORIGIN}/metrics/upstream`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  })
  expect(res.status()).toBe(200)
  const line = (await res.text()).split('\n').find((l) => l.startsWith('nodus_live_streams '))
  return Number(line?.split(' ')[1])
}
