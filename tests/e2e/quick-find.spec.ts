import AxeBuilder from '@axe-core/playwright'
import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { ORIGIN, USER } from './env'
import { apiToken, collectConsoleErrors, cookieValue } from './utils'

/*
 * The header's quick find (issue 24 item 3, PRODUCT.md §10), as the seeded user of node `start`
 * (244 demo tasks: TASK-3 is "Prepare the quarterly report"), in English. With JavaScript: `/`,
 * matches as one types, keys, keyboard choice, superseded requests; without it: the plain form.
 */

let userToken: string

test.beforeAll(async ({ request }) => {
  userToken = await apiToken(request, USER)
})

async function asUser(context: BrowserContext) {
  await context.addCookies([
    { name: '_token', value: userToken, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
    { name: 'lng', value: cookieValue('en'), url: ORIGIN },
  ])
}

const box = (page: Page) => page.getByRole('combobox', { name: 'Find a task' })
const options = (page: Page) => page.getByRole('listbox').getByRole('option')

/** Home, with the quick find's script running. */
async function home(page: Page) {
  await page.goto('/lk')
  await expect(page.getByTestId('quick-find')).toHaveAttribute('data-ready', 'true')
}

/**
 * The query `act` sends to the search page (/lk/tasks, built on another branch: what answers there
 * does not matter here, only what was asked for).
 */
async function searched(page: Page, act: () => Promise<void>) {
  // With JavaScript Remix asks for the page's data (`/lk/tasks.data?q=…`), without it the page.
  const request = page.waitForRequest((r) => /^\/lk\/tasks(\.data)?$/.test(new URL(r.url()).pathname))
  await act()
  return new URL((await request).url()).searchParams.get('q')
}

test.describe('with JavaScript', () => {
  test.beforeEach(async ({ context }) => asUser(context))

  test('/ focuses the box, except while typing in a field', async ({ page }) => {
    const errors = collectConsoleErrors(page)
    await home(page)
    await page.locator('main').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('/')
    await expect(box(page)).toBeFocused()
    await expect(box(page)).toHaveValue('')

    // In a field of the page, `/` is text.
    await page.goto('/lk/profile')
    await expect(page.getByTestId('quick-find')).toHaveAttribute('data-ready', 'true')
    const field = page.locator('main input[type="text"], main input:not([type])').first()
    await field.fill('')
    await field.type('a/b')
    await expect(field).toHaveValue('a/b')
    await expect(box(page)).not.toBeFocused()
    expect(errors).toEqual([])
  })

  test('a key opens its card, in any case', async ({ page }) => {
    await home(page)
    await box(page).fill('task-3')
    await box(page).press('Enter')
    await expect(page).toHaveURL(`${ORIGIN}/lk/t/TASK/TASK-3`)
    await expect(page.getByTestId('task-key')).toHaveText('TASK-3')
  })

  test('a key shows its task as one types; an unknown key says there is none', async ({ page }) => {
    await home(page)
    await box(page).pressSequentially('TASK-3')
    await expect(options(page)).toHaveCount(1)
    await expect(options(page).first()).toContainText('TASK-3')
    await expect(options(page).first()).toContainText('Prepare the quarterly report')

    await box(page).fill('TASK-99999')
    await expect(page.getByRole('status').filter({ hasText: 'There is no task TASK-99999' })).toBeVisible()
    await box(page).press('Enter')
    await expect(page).toHaveURL(`${ORIGIN}/lk`)
    await expect(page.getByRole('status').filter({ hasText: 'There is no task TASK-99999' })).toBeVisible()
  })

  test('a word lists the first matches; Enter searches /lk/tasks?q=…', async ({ page }) => {
    await home(page)
    await box(page).pressSequentially('quarterly')
    await expect(options(page).filter({ hasText: 'TASK-3' })).toBeVisible()
    await expect(options(page).last()).toContainText('All tasks matching “quarterly”')
    expect(await searched(page, () => box(page).press('Enter'))).toBe('title ~ "quarterly"')
  })

  test('the text is quoted as an RQL string, never spliced', async ({ page }) => {
    await home(page)
    await box(page).fill('" or key = "TASK-1')
    expect(await searched(page, () => box(page).press('Enter'))).toBe('title ~ "\\" or key = \\"TASK-1"')
  })

  test('arrows pick a match and Enter opens it', async ({ page }) => {
    await home(page)
    await box(page).pressSequentially('quarterly')
    const first = options(page).first()
    await expect(first).toContainText('TASK-3')
    await box(page).press('ArrowDown')
    await expect(first).toHaveAttribute('data-focused', 'true')
    await box(page).press('Enter')
    await expect(page).toHaveURL(`${ORIGIN}/lk/t/TASK/TASK-3`)
  })

  test('asks once typing pauses, and a newer text cancels the request before it', async ({ page }) => {
    const asked: string[] = []
    const aborted: string[] = []
    await page.route('**/resources/quick-find?*', async (route) => {
      const q = new URL(route.request().url()).searchParams.get('q') ?? ''
      asked.push(q)
      // The first text's answer is slow: by the time it could come, it has been superseded.
      if (q === 'quarter') await new Promise((r) => setTimeout(r, 2_500))
      await route.continue().catch(() => undefined)
    })
    page.on('requestfailed', (r) => {
      if (r.url().includes('/resources/quick-find'))
        aborted.push(new URL(r.url()).searchParams.get('q') ?? '')
    })
    await home(page)
    await box(page).pressSequentially('quarter', { delay: 30 })
    await expect.poll(() => asked).toEqual(['quarter'])
    await box(page).pressSequentially('ly', { delay: 30 })
    await expect(options(page).filter({ hasText: 'TASK-3' })).toBeVisible()
    // Typed in one go: one request per pause, not one per key.
    expect(asked).toEqual(['quarter', 'quarterly'])
    await expect.poll(() => aborted).toEqual(['quarter'])
  })

  test('at 375 px the box folds into its icon and opens over the header', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await home(page)
    const toggle = page.locator('.quick-find-toggle')
    await expect(toggle).toBeVisible()
    await expect(box(page)).not.toBeInViewport({ ratio: 0.5 })
    await toggle.click()
    await expect(box(page)).toBeFocused()
    await expect(box(page)).toBeInViewport()
    await box(page).pressSequentially('quarterly')
    await options(page).filter({ hasText: 'TASK-3' }).click()
    await expect(page).toHaveURL(`${ORIGIN}/lk/t/TASK/TASK-3`)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  })

  test('axe finds nothing serious in the quick find and its matches', async ({ page }) => {
    await home(page)
    await box(page).pressSequentially('quarterly')
    await expect(options(page).filter({ hasText: 'TASK-3' })).toBeVisible()
    const results = await new AxeBuilder({ page })
      .include('.quick-find')
      .include('.quick-find-popover')
      .analyze()
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.length} × ${v.nodes[0]?.target.join(' ')} — ${v.help}`)
    expect(serious).toEqual([])
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test.beforeEach(async ({ context }) => asUser(context))

  test('the form sends a key to its card', async ({ page }) => {
    await page.goto('/lk')
    const input = page.locator('form[role="search"] input[name="q"]')
    await input.fill('task-3')
    await input.press('Enter')
    await expect(page).toHaveURL(`${ORIGIN}/lk/t/TASK/TASK-3`)
  })

  test('other text to the search page, quoted', async ({ page }) => {
    await page.goto('/lk')
    const input = page.locator('form[role="search"] input[name="q"]')
    await input.fill('quarterly report')
    expect(await searched(page, () => input.press('Enter'))).toBe('title ~ "quarterly report"')
  })

  test('an unknown key comes back to the page with an alert', async ({ page }) => {
    await page.goto('/lk/notifications')
    const input = page.locator('form[role="search"] input[name="q"]')
    await input.fill('TASK-99999')
    await input.press('Enter')
    await expect(page).toHaveURL(`${ORIGIN}/lk/notifications`)
    await expect(page.getByText('There is no task TASK-99999')).toBeVisible()
  })

  test('at 375 px the icon opens the box (a label: no script needed)', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/lk')
    const input = page.locator('form[role="search"] input[name="q"]')
    await page.locator('.quick-find-toggle').click()
    await expect(input).toBeFocused()
    await expect(input).toBeInViewport()
    await input.fill('TASK-3')
    await input.press('Enter')
    await expect(page).toHaveURL(`${ORIGIN}/lk/t/TASK/TASK-3`)
  })
})

test.describe('the matches as JSON', () => {
  test('answer only a signed-in caller, and only tasks they may see', async ({ request }) => {
    const anonymous = await request.get(`${ORIGIN}/resources/quick-find?q=TASK-3`)
    expect(anonymous.status()).toBe(401)
    const res = await request.get(`${ORIGIN}/resources/quick-find?q=${encodeURIComponent('task-3')}`, {
      headers: { cookie: `_token=${userToken}` },
    })
    expect(res.status()).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({
      key: 'TASK-3',
      matches: [{ key: 'TASK-3', title: 'Prepare the quarterly report', href: '/lk/t/TASK/TASK-3' }],
    })
    // Odd input is only text: no 5xx.
    for (const q of ['\u0000', '"'.repeat(500), 'status = ', '((((']) {
      const odd = await request.get(`${ORIGIN}/resources/quick-find?q=${encodeURIComponent(q)}`, {
        headers: { cookie: `_token=${userToken}` },
      })
      expect(odd.status(), q).toBe(200)
    }
  })
})
