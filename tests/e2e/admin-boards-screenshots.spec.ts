import { mkdirSync } from 'node:fs'
import { type APIRequestContext, type Page, test } from '@playwright/test'
import { ADMIN, ORIGIN } from './env'
import { apiData, apiToken, cookieValue, startNodeId } from './utils'

// Not a check: pictures of /admin/widgets and /admin/boards for a person to look at.
// `SHOTS=1 npx playwright test admin-boards-screenshots`.
const dir = process.env.SHOTS_DIR ?? '/tmp/shots-boards-admin'

test.describe('screenshots', () => {
  test.skip(!process.env.SHOTS, 'set SHOTS=1 to take screenshots')
  test.describe.configure({ mode: 'serial' })

  let token: string
  const ids: Record<string, string> = {}

  const call = (request: APIRequestContext, method: string, path: string, data?: unknown) =>
    apiData(request, token, method, path, data)

  test.beforeAll(async ({ request }) => {
    mkdirSync(dir, { recursive: true })
    token = await apiToken(request, ADMIN)
    const node = await startNodeId(request)
    // The demo board and its widgets (the seed's), and a few more to fill the lists.
    const widgets = (await call(request, 'GET', `/widgets/${node}`)) as { id: string; type: string }[]
    ids.table = widgets.find((w) => w.type === 'table')?.id ?? ''
    ids.calendar = widgets.find((w) => w.type === 'calendar')?.id ?? ''
    for (const [type, title, query] of [
      ['table', 'Мои открытые задачи', 'assignee = me() order by updated_at desc'],
      ['table', 'Новые за неделю', 'created_at >= -7d'],
      ['calendar', 'Сроки', ''],
    ])
      await call(request, 'POST', `/widgets/${node}`, { type, title, query })
    const boards = (await call(request, 'GET', `/boards/${node}`)) as { id: string }[]
    ids.board = boards[0]?.id ?? ''
    await call(request, 'POST', `/boards/${node}`, { name: 'Поддержка' })
  })

  async function shoot(page: Page, name: string) {
    await page.waitForLoadState('networkidle')
    await page.screenshot({ path: `${dir}/${name}.png` })
  }

  for (const theme of ['dark', 'light'] as const)
    test(`lists and Editing dialogs, ${theme}`, async ({ page, context }) => {
      await context.addCookies([
        { name: '_token', value: token, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
        { name: 'theme', value: cookieValue(theme), url: ORIGIN },
        { name: 'lng', value: cookieValue(theme === 'dark' ? 'en' : 'ru'), url: ORIGIN },
      ])
      await page.setViewportSize({ width: 1280, height: 900 })
      for (const [path, item] of [
        ['widgets', ids.table],
        ['widgets', ids.calendar],
        ['boards', ids.board],
      ] as const) {
        const label = item === ids.calendar ? 'calendar' : path
        await page.goto(`/admin/${path}`)
        await shoot(page, `${path}-${theme}`)
        await page.goto(`/admin/${path}/${item}`)
        await page.locator('.dialog-overlay:not([data-static])').waitFor()
        await shoot(page, `${label}-edit-${theme}`)
        await page.locator('.dialog-overlay').evaluate((o) => o.scrollTo(0, o.scrollHeight / 2))
        await shoot(page, `${label}-edit-middle-${theme}`)
        await page.locator('.dialog-overlay').evaluate((o) => o.scrollTo(0, o.scrollHeight))
        await shoot(page, `${label}-edit-bottom-${theme}`)
      }
      await page.goto(`/admin/widgets/${ids.table}`)
      await page.locator('.dialog-overlay:not([data-static])').waitFor()
      await page.getByLabel(/Query|Запрос/).fill('status = Открыта and (assignee = me() or ')
      await shoot(page, `widget-query-error-${theme}`)
      await page.goto('/admin/boards/import')
      await shoot(page, `boards-import-${theme}`)
      await page.setViewportSize({ width: 390, height: 800 })
      await page.goto(`/admin/boards/${ids.board}`)
      await shoot(page, `boards-edit-mobile-${theme}`)
      await page.goto(`/admin/widgets/${ids.table}`)
      await shoot(page, `widgets-edit-mobile-${theme}`)
    })
})
