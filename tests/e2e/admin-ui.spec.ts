import { expect, type Locator, type Page, test } from '@playwright/test'
import { patchNode, readAssets, readNode, restoring, type Settings } from '../fixtures/node-settings'
import { putSso, readSso, restoreSso, type SsoConfig } from '../fixtures/sso-config'
import { ADMIN, ORIGIN, USER } from './env'
import { apiToken, collectConsoleErrors, signIn } from './utils'

// /admin/ui (the interface settings), with and without JavaScript: every form is a plain post.
// The node `start` is put back as it was after the file.

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
)
const SAVED = 'Изменения сохранены'

let token: string
let original: Settings
let originalSso: SsoConfig | null

test.beforeAll(async ({ request }) => {
  token = await apiToken(request, ADMIN)
  original = (await readNode(request, ORIGIN, token)).settings
  originalSso = await readSso(request, ORIGIN, token)
})

test.afterAll(async ({ request }) => {
  await patchNode(request, ORIGIN, token, restoring(original))
  await restoreSso(request, ORIGIN, token, originalSso)
})

const section = (page: Page, id: string) => page.locator(`section#${id}`)
const saveIn = (page: Page, id: string) =>
  section(page, id).getByRole('button', { name: 'Сохранить', exact: true })
const successAlert = (page: Page) => page.locator('.alert-list [data-alert="success"]')
const row = (page: Page, n: string) => page.getByRole('group', { name: `Пункт ${n}`, exact: true })

/**
 * Clicks a submit button and waits for the server's answer to the post: the save is done by then.
 * (The alert of an earlier save may still be on screen, so it says nothing about this one.)
 */
async function submitted(page: Page, button: Locator) {
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/admin/ui'),
  )
  await button.click()
  await answered
}

async function openAsAdmin(page: Page) {
  await page.goto('/auth/login?redirectTo=%2Fadmin%2Fui')
  await signIn(page, ADMIN)
  await expect(page).toHaveURL(`${ORIGIN}/admin/ui`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Интерфейс')
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled })

    test.beforeEach(async ({ request }) => {
      // Each test starts from a node with nothing of its own set.
      await patchNode(request, ORIGIN, token, {
        ...restoring({}),
        locale: 'ru',
        menu: { items: [] },
      })
    })

    test('uploads a PNG logo: preview, stored as a data: URL, then removed', async ({ page, request }) => {
      const errors = collectConsoleErrors(page)
      await openAsAdmin(page)
      const logo = section(page, 'logo')
      await expect(logo.getByTestId('logo-preview-main')).toContainText('Нет изображения')
      await logo
        .locator('input[name="main"]')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG })
      if (javaScriptEnabled) {
        // The chosen file shows before it is uploaded.
        const chosen = logo.getByTestId('logo-preview-main').locator('img')
        await expect(chosen).toHaveAttribute('data-state', 'chosen')
        await expect(chosen).toHaveAttribute('src', /^blob:/)
        await expect(logo.getByText('Новое изображение, ещё не сохранено')).toBeVisible()
      }
      await submitted(page, logo.getByRole('button', { name: 'Загрузить' }))
      await expect(successAlert(page)).toContainText(SAVED)
      const dataUrl = `data:image/png;base64,${PNG.toString('base64')}`
      const stored = logo.getByTestId('logo-preview-main').locator('img')
      await expect(stored).toHaveAttribute('src', dataUrl)
      await expect(stored).toHaveAttribute('data-state', 'stored')
      expect((await readAssets(request, ORIGIN)).settings.logo).toEqual({ main: dataUrl })

      await submitted(page, logo.getByRole('button', { name: 'Удалить: Основной логотип' }))
      await expect(logo.getByTestId('logo-preview-main')).toContainText('Нет изображения')
      expect((await readAssets(request, ORIGIN)).settings.logo).toEqual({})
      expect(errors).toEqual([])
    })

    test('refuses a file that is not an image, whatever its name', async ({ page, request }) => {
      await openAsAdmin(page)
      const logo = section(page, 'logo')
      await logo.locator('input[name="favicon"]').setInputFiles({
        name: 'favicon.png',
        mimeType: 'image/png',
        buffer: Buffer.from('<html><script>alert(1)</script></html>'),
      })
      await logo.getByRole('button', { name: 'Загрузить' }).click()
      await expect(logo.getByText('Выберите изображение PNG, JPEG, SVG, WebP или ICO')).toBeVisible()
      await expect(logo.locator('input[name="favicon"]')).toHaveAttribute('aria-invalid', 'true')
      expect((await readAssets(request, ORIGIN)).settings.logo).toEqual({})
    })

    test('switches the node language', async ({ page, request }) => {
      await openAsAdmin(page)
      const general = section(page, 'general')
      if (javaScriptEnabled) {
        // react-aria's Select, once hydrated (it names its button after the value and the label).
        await general.getByRole('button', { name: /Язык по умолчанию/ }).click()
        await page.getByRole('option', { name: 'English' }).click()
        await expect(general.getByRole('button', { name: /Язык по умолчанию/ })).toContainText('English')
      } else {
        await general.getByLabel('Язык по умолчанию').selectOption('en')
      }
      await submitted(page, saveIn(page, 'general'))
      // The node's language is the language of everyone who has not chosen one — this administrator
      // included: the answer already comes in English.
      await expect(successAlert(page)).toContainText('Changes saved')
      await expect(page.locator('html')).toHaveAttribute('lang', 'en')
      expect((await readAssets(request, ORIGIN)).settings.locale).toBe('en')
      // The page shows what is stored.
      await page.reload()
      if (javaScriptEnabled)
        await expect(general.getByRole('button', { name: /Default language/ })).toContainText('English')
      else await expect(general.getByLabel('Default language')).toHaveValue('en')
    })

    test('toggles no_left_menu', async ({ page, request }) => {
      await openAsAdmin(page)
      const general = section(page, 'general')
      const toggle = general.getByRole('switch', { name: 'Скрывать левое меню на дашбордах' })
      await expect(toggle).not.toBeChecked()
      await general.getByText('Скрывать левое меню на дашбордах').click()
      await expect(toggle).toBeChecked()
      await submitted(page, saveIn(page, 'general'))
      await expect(successAlert(page)).toContainText(SAVED)
      let settings = (await readNode(request, ORIGIN, token)).settings
      expect(settings).toMatchObject({ no_left_menu: true, no_top_menu: false })
      await expect(toggle).toBeChecked()

      // And off again: an unchecked switch posts nothing, which means off.
      await general.getByText('Скрывать левое меню на дашбордах').click()
      await submitted(page, saveIn(page, 'general'))
      // The first save's alert may still be showing: the newest is the last.
      await expect(successAlert(page).last()).toContainText(SAVED)
      settings = (await readNode(request, ORIGIN, token)).settings
      expect(settings.no_left_menu).toBe(false)
    })

    test('edits the menu: adds items, nests one, removes one, saves', async ({ page, request }) => {
      const errors = collectConsoleErrors(page)
      await openAsAdmin(page)
      const menu = section(page, 'menu')
      await expect(menu.getByText('В меню пока нет пунктов.')).toBeVisible()
      const add = menu.getByRole('button', { name: 'Добавить пункт' })

      await add.click()
      const first = page.locator('input[name="items[0].title"]')
      await expect(first).toBeVisible()
      if (javaScriptEnabled) await expect(first).toBeFocused()
      await first.fill('Работа')
      await expect(menu.getByText('Есть несохранённые изменения')).toBeVisible()

      await add.click()
      // What was typed before the step is kept.
      await expect(first).toHaveValue('Работа')
      await page.locator('input[name="items[1].title"]').fill('Дашборды')
      await page.locator('input[name="items[1].url"]').fill('/lk/b/1')
      await add.click()
      await page.locator('input[name="items[2].title"]').fill('Лишний')

      // Nest the second into the first: it becomes 1.1.
      await row(page, '2').getByRole('button', { name: 'Вложить в пункт выше' }).click()
      await expect(page.locator('input[name="items[0].items[0].title"]')).toHaveValue('Дашборды')
      await expect(page.locator('input[name="items[0].items[0].url"]')).toHaveValue('/lk/b/1')
      await expect(row(page, '1.1')).toBeVisible()
      // The first cannot move up, the nested one can go no deeper than three levels later.
      await expect(row(page, '1').getByRole('button', { name: 'Выше', exact: true })).toBeDisabled()

      // Remove the stray one (now item 2), and make item 1 a heading.
      await expect(page.locator('input[name="items[1].title"]')).toHaveValue('Лишний')
      await row(page, '2').getByRole('button', { name: 'Удалить', exact: true }).click()
      await expect(page.locator('input[name="items[1].title"]')).toHaveCount(0)
      // The row's checkbox (its label is for screen readers: the column heading says what it is).
      const heading = row(page, '1').getByRole('checkbox', { name: 'Заголовок' })
      await row(page, '1').locator('label.aui-checkbox').click()
      await expect(heading).toBeChecked()

      await submitted(page, saveIn(page, 'menu'))
      await expect(successAlert(page)).toContainText(SAVED)
      await expect(menu.getByText('Есть несохранённые изменения')).toHaveCount(0)
      expect((await readNode(request, ORIGIN, token)).settings.menu).toEqual({
        items: [{ title: 'Работа', heading: true, items: [{ title: 'Дашборды', url: '/lk/b/1' }] }],
      })
      // After the save the page shows the stored menu.
      await expect(page.locator('input[name="items[0].items[0].title"]')).toHaveValue('Дашборды')
      expect(errors).toEqual([])
    })

    test('checks the menu with the shared schema before saving', async ({ page, request }) => {
      await openAsAdmin(page)
      await section(page, 'menu').getByRole('button', { name: 'Добавить пункт' }).click()
      await page.locator('input[name="items[0].url"]').fill('javascript:alert(1)')
      if (javaScriptEnabled) {
        // With JavaScript the errors show as the row is filled in, and Save waits until they are fixed.
        await page.locator('input[name="items[0].url"]').press('Tab')
        await expect(saveIn(page, 'menu')).toBeDisabled()
      } else await saveIn(page, 'menu').click()
      await expect(row(page, '1').getByText('Обязательное поле')).toBeVisible()
      await expect(row(page, '1').getByText('Введите корректный URL')).toBeVisible()
      expect((await readNode(request, ORIGIN, token)).settings.menu).toEqual({ items: [] })
    })

    test('the sign-in card points to the Single sign-on plugin', async ({ page, request }) => {
      // The service centre and the token checks are that plugin's settings since migration 0018.
      await putSso(request, ORIGIN, token, null)
      await openAsAdmin(page)
      const signInSection = section(page, 'sign-in')
      await expect(signInSection.getByTestId('sign-in-state')).toHaveText(
        'Плагин «Единый вход» не настроен: страница входа предлагает только обычный вход.',
      )
      await expect(signInSection.getByRole('textbox')).toHaveCount(0)
      await signInSection.getByRole('link', { name: 'Настроить единый вход' }).click()
      await expect(page).toHaveURL(`${ORIGIN}/admin/plugin-configs/new?plugin=sso`)

      const config = await putSso(request, ORIGIN, token, {
        enabled: false,
        settings: { service_center_url: 'https://centre.example.com/api/login' },
      })
      await page.goto('/admin/ui')
      await expect(signInSection.getByTestId('sign-in-state')).toContainText('настроен, но выключен')
      await signInSection.getByRole('link', { name: 'Открыть настройки плагина' }).click()
      await expect(page).toHaveURL(`${ORIGIN}/admin/plugin-configs/${config!.id}`)
      await putSso(request, ORIGIN, token, null)
    })

    test('a save over someone else’s change is refused with a warning', async ({ page, request }) => {
      await openAsAdmin(page)
      await section(page, 'menu').getByRole('button', { name: 'Добавить пункт' }).click()
      await page.locator('input[name="items[0].title"]').fill('Мой')
      // Another administrator changes the menu while this draft is open…
      await patchNode(request, ORIGIN, token, { menu: { items: [{ title: 'Чужой' }] } })
      if (javaScriptEnabled) {
        // …saving another part of the page is fine, and keeps the draft (without JavaScript a save
        // loads a new page, drafts included)…
        await section(page, 'general').getByText('Скрывать верхнее меню на дашбордах').click()
        await submitted(page, saveIn(page, 'general'))
        await expect(successAlert(page)).toContainText(SAVED)
        await expect(page.locator('input[name="items[0].title"]')).toHaveValue('Мой')
      }
      // …but saving the menu over theirs is not.
      await saveIn(page, 'menu').click()
      const warning = section(page, 'menu').locator('[data-alert="warning"]')
      await expect(warning).toContainText('Настройки изменил кто-то другой')
      await expect(warning.getByRole('link', { name: 'Обновить страницу' })).toBeVisible()
      await expect(page.locator('input[name="items[0].title"]')).toHaveValue('Мой')
      expect((await readNode(request, ORIGIN, token)).settings.menu).toEqual({ items: [{ title: 'Чужой' }] })
      // Reloading shows their menu.
      await warning.getByRole('link', { name: 'Обновить страницу' }).click()
      await expect(page.locator('input[name="items[0].title"]')).toHaveValue('Чужой')
    })
  })
}

test.describe('access', () => {
  test('a user without is_admin is sent home from /admin/ui', async ({ page }) => {
    await page.goto('/auth/login?redirectTo=%2Fadmin%2Fui')
    await signIn(page, USER)
    await expect(page).toHaveURL(`${ORIGIN}/lk`)
    await page.goto('/admin/ui')
    await expect(page).toHaveURL(`${ORIGIN}/lk`)
  })

  test('signed out, /admin/ui asks to sign in and comes back', async ({ page }) => {
    await page.goto('/admin/ui')
    await expect(page).toHaveURL(`${ORIGIN}/auth/login?redirectTo=%2Fadmin%2Fui`)
  })

  test('a non-admin cannot post to it either', async ({ request }) => {
    const userToken = await apiToken(request, USER)
    const res = await request.post(`${ORIGIN}/admin/ui`, {
      headers: { cookie: `_token=${userToken}` },
      form: { intent: 'general:save', locale: 'zh', base: 'x' },
      maxRedirects: 0,
    })
    expect(res.status()).toBe(302)
    expect(res.headers().location).toBe('/lk')
    expect((await readAssets(request, ORIGIN)).settings.locale).not.toBe('zh')
  })
})
