import { mkdirSync } from 'node:fs'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { ADMIN, ORIGIN, USER } from './env'
import { apiToken, cookieValue, startNodeId } from './utils'

// Not a check: pictures of the workflow admin pages for a person to look at.
// `SHOTS=1 npx playwright test admin-workflow-screenshots`.
const dir = process.env.SHOTS_DIR ?? '/tmp/shots-wfadmin'

test.describe('screenshots', () => {
  test.skip(!process.env.SHOTS, 'set SHOTS=1 to take screenshots')
  test.describe.configure({ mode: 'serial' })

  let token: string
  const ids: Record<string, string> = {}

  async function post(request: APIRequestContext, path: string, data: unknown) {
    const res = await request.post(`${ORIGIN}/api${path}`, {
      data,
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.status(), await res.text()).toBeLessThan(300)
    return (await res.json()).data as { id: string }
  }

  test.beforeAll(async ({ request }) => {
    mkdirSync(dir, { recursive: true })
    token = await apiToken(request, ADMIN)
    const node = await startNodeId(request)
    const statuses = [
      ['Новая', '#64b5f6', 'Только что создана'],
      ['В работе', '#ffb74d', 'Кто-то над ней работает'],
      ['На проверке', '#ba68c8', ''],
      ['Готово', '#81c784', 'Сделано и проверено'],
      ['Отменена', '#e57373', ''],
    ]
    for (const [name, color, description] of statuses)
      ids[name!] = (await post(request, `/statuses/${node}`, { name, color, description })).id
    const flow = await post(request, `/progress/${node}`, {
      name: 'Разработка',
      status_ids: ['Новая', 'В работе', 'На проверке', 'Готово'].map((n) => ids[n]),
    })
    ids.flow = flow.id
    await post(request, `/progress/${node}`, { name: 'Поддержка', status_ids: [ids.Новая, ids.Готово] })
    const team = await post(request, `/teams/${node}`, {
      name: 'Первая линия',
      description: 'Отвечает клиентам',
    })
    ids.team = team.id
    const users = (
      await (
        await request.get(`${ORIGIN}/api/users/${node}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()
    ).data as { id: string; user_name: string }[]
    await post(request, `/teams/bind-team/${node}`, { team_id: team.id, user_ids: users.map((u) => u.id) })
    await post(request, `/teams/${node}`, { name: 'Разработчики', description: '' })
    const process = await post(request, `/processes/${node}`, {
      key: 'DEV',
      name: 'Разработка',
      description: 'Задачи команды разработки',
      progress_id: flow.id,
      transitions: [
        { from_status_id: ids.Новая, to_status_id: ids['В работе'] },
        {
          from_status_id: ids['В работе'],
          to_status_id: ids['На проверке'],
          right: 'task_edit',
          team_ids: [team.id],
          required_fields: ['description'],
        },
      ],
      field_rules: [{ status_id: ids.Готово, field: 'title', rule: 'readonly' }],
    })
    ids.process = process.id
    expect(USER.email).toBeTruthy()
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
        ['statuses', ids['В работе']],
        ['progress', ids.flow],
        ['teams', ids.team],
        ['processes', ids.process],
      ] as const) {
        await page.goto(`/admin/${path}`)
        await shoot(page, `${path}-${theme}`)
        await page.goto(`/admin/${path}/${item}`)
        await page.locator('.dialog-overlay:not([data-static])').waitFor()
        await shoot(page, `${path}-edit-${theme}`)
        await page.locator('.dialog-overlay').evaluate((o) => o.scrollTo(0, o.scrollHeight))
        await shoot(page, `${path}-edit-bottom-${theme}`)
      }
      await page.goto('/admin/processes/new')
      await page.locator('.dialog-overlay:not([data-static])').waitFor()
      await page.getByRole('button', { name: /Add transition|Добавить переход/ }).click()
      await page.getByRole('button', { name: /Add field rule|Добавить правило/ }).click()
      await page.getByRole('button', { name: /Create|Создать/ }).click()
      await shoot(page, `processes-new-errors-${theme}`)
      await page.goto(`/admin/statuses/${ids.Новая}?confirm=delete`)
      await shoot(page, `statuses-confirm-${theme}`)
      await page.setViewportSize({ width: 390, height: 800 })
      await page.goto(`/admin/progress/${ids.flow}`)
      await shoot(page, `progress-edit-mobile-${theme}`)
      await page.goto(`/admin/processes/${ids.process}`)
      await shoot(page, `processes-edit-mobile-${theme}`)
    })
})
