import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test'
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

/** Console errors a page logged, minus Chromium's own GPU notices (DEPENDENCIES.md). */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/GPU stall due to ReadPixels/.test(msg.text())) errors.push(msg.text())
  })
  page.on('pageerror', (err) => errors.push(err.message))
  return errors
}
