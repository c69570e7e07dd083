import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { ADMIN, E2E_PORT, ORIGIN, tenant, USER } from './env'
import { apiData, apiToken, cookieValue, signIn, tokenCookie } from './utils'

/*
 * Switching nodes (issue 24 item 5; spec §1 "node switch redirects to /lk"; PRODUCT.md §10). A user
 * bound to `start` and `demo` (made here through the API) lists both in the personal menu, the
 * current one marked, and a click lands on the other node's /lk. The session cookie is set on the
 * parent domain (spec §9): under `*.nodus.localhost` it reaches both nodes (signed in there); under
 * `*.localhost` each two-label host keeps its own, so the other node asks to sign in first.
 */

const BOTH = {
  email: `both-${Date.now()}@example.com`,
  password: 'both-nodes-password',
  fullName: 'Dvuhuzlov Ivan',
}

/** Hosts whose cookie (on `.nodus.localhost`) reaches every node. */
const shared = (node: string) => `http://${node}.nodus.localhost:${E2E_PORT}`

async function nodeId(request: APIRequestContext, domain: string): Promise<string> {
  const res = await request.get(`${ORIGIN}/api/nodes/domain/${domain}`)
  expect(res.status()).toBe(200)
  return (await res.json()).data.id
}

test.beforeAll(async ({ request }) => {
  const admin = await apiToken(request, ADMIN)
  const [startId, demoId] = await Promise.all([nodeId(request, 'start'), nodeId(request, 'demo')])
  const user = await apiData<{ id: string }>(request, admin, 'POST', '/users', {
    email: BOTH.email,
    password: BOTH.password,
    fio: { surname: 'Dvuhuzlov', name: 'Ivan', middlename: '' },
    node_id: startId,
  })
  await apiData(request, admin, 'POST', '/nodes/bind-user', { node_id: demoId, user_id: user.id })
})

test.use({ locale: 'en-US' })

async function english(page: Page, origin: string) {
  await page.context().addCookies([{ name: 'lng', value: cookieValue('en'), url: origin }])
}

const personalMenu = (page: Page) => page.getByTestId('profile-block')
const nodes = (page: Page) => page.getByTestId('node-list')

/** Opens the personal menu; with JavaScript, once it runs (hydrating closes an open menu). */
async function openPersonalMenu(page: Page, js = true) {
  if (js)
    await expect(page.getByTestId('quick-find')).toHaveAttribute('data-ready', 'true', { timeout: 15_000 })
  await personalMenu(page).locator('summary').click()
  await expect(nodes(page)).toBeVisible()
}

/** The list as a user reads it: each node, and whether it is the current one. */
async function listed(page: Page) {
  const links = nodes(page).locator('.node-link')
  return links.evaluateAll((els) =>
    els.map((el) => ({
      node: el.querySelector('.node-name')?.textContent,
      current: el.getAttribute('aria-current'),
    })),
  )
}

for (const js of [true, false]) {
  test.describe(js ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: js })

    test('lists both nodes, marks the current one, and switching lands on the other’s /lk signed in', async ({
      page,
    }) => {
      await english(page, shared('start'))
      await signIn(page, BOTH, `${shared('start')}/auth/login`)
      await expect(page).toHaveURL(`${shared('start')}/lk`)
      await expect(page.getByTestId('current-node')).toHaveText('start')
      expect((await tokenCookie(page.context()))?.domain).toBe('.nodus.localhost')

      await openPersonalMenu(page, js)
      expect(await listed(page)).toEqual([
        { node: 'demo', current: null },
        { node: 'start', current: 'true' },
      ])
      await expect(nodes(page).getByText('current node')).toBeAttached()
      // The cookie reaches demo: no sign-in needed.
      await expect(nodes(page).getByText('sign-in needed')).toHaveCount(0)
      await expect(page.getByTestId('node-demo')).toHaveAttribute('href', `${shared('demo')}/lk`)

      await page.getByTestId('node-demo').click()
      await expect(page).toHaveURL(`${shared('demo')}/lk`)
      await expect(page.getByTestId('current-node')).toHaveText('demo')
      await expect(page.getByTestId('current-user')).toContainText(BOTH.fullName)
      await openPersonalMenu(page, js)
      expect(await listed(page)).toEqual([
        { node: 'demo', current: 'true' },
        { node: 'start', current: null },
      ])
      // And back.
      await page.getByTestId('node-start').click()
      await expect(page).toHaveURL(`${shared('start')}/lk`)
      await expect(page.getByTestId('current-node')).toHaveText('start')
    })

    test('where the cookie does not reach the other node, it says so and its sign-in page leads to /lk', async ({
      page,
    }) => {
      await english(page, tenant('start'))
      await english(page, tenant('demo'))
      await signIn(page, BOTH, `${tenant('start')}/auth/login`)
      await expect(page).toHaveURL(`${tenant('start')}/lk`)
      await openPersonalMenu(page, js)
      await expect(page.getByTestId('node-demo')).toContainText('sign-in needed')
      await page.getByTestId('node-demo').click()
      await expect(page).toHaveURL(`${tenant('demo')}/auth/login?redirectTo=%2Flk`)
      await signIn(page, BOTH)
      await expect(page).toHaveURL(`${tenant('demo')}/lk`)
      await expect(page.getByTestId('current-node')).toHaveText('demo')
    })
  })
}

test('a user bound to one node sees it alone, marked', async ({ page }) => {
  await english(page, tenant('start'))
  await signIn(page, USER, `${tenant('start')}/auth/login`)
  await expect(page).toHaveURL(`${tenant('start')}/lk`)
  await openPersonalMenu(page)
  expect(await listed(page)).toEqual([{ node: 'start', current: 'true' }])
})

test('on an IP address, which names no node, the other node is listed but not a link', async ({ page }) => {
  await english(page, ORIGIN)
  await signIn(page, BOTH)
  await expect(page).toHaveURL(`${ORIGIN}/lk`)
  await openPersonalMenu(page)
  await expect(page.getByTestId('node-demo')).not.toHaveAttribute('href')
  await expect(page.getByTestId('node-start')).toHaveAttribute('aria-current', 'true')
})

test('the personal menu works at 375 px and axe finds nothing serious in it', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await english(page, shared('start'))
  await signIn(page, BOTH, `${shared('start')}/auth/login`)
  await expect(page).toHaveURL(`${shared('start')}/lk`)
  // Below 768 px the side menu, the personal menu with it, is a drawer behind a button (issue 25).
  await expect(page.getByTestId('quick-find')).toHaveAttribute('data-ready', 'true', { timeout: 15_000 })
  await page.getByTestId('side-drawer-button').click()
  await expect(page.getByTestId('side-drawer')).toBeVisible()
  await openPersonalMenu(page)
  const demo = page.getByTestId('node-demo')
  await expect(demo).toBeInViewport()
  const box = await demo.boundingBox()
  expect(box!.height).toBeGreaterThanOrEqual(32)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  const results = await new AxeBuilder({ page }).include('[data-testid="node-list"]').analyze()
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.length} × ${v.nodes[0]?.target.join(' ')} — ${v.help}`)
  expect(serious).toEqual([])
  await demo.click()
  await expect(page).toHaveURL(`${shared('demo')}/lk`)
})
