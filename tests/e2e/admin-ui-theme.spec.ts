import { expect, type Locator, type Page, test } from '@playwright/test'
import { patchNode, readAssets, readNode, type Settings } from '../fixtures/node-settings'
import { ADMIN, ORIGIN } from './env'
import { apiToken, signIn } from './utils'

// /admin/ui's Theme section (issue 25 item 5): the node's CSS and font faces, edited with and
// without JavaScript, refused with the line at fault, and applied on the next page load. The node
// `start` gets its theme back after the file.

/** Not a usable font, but a woff2 by its signature (the action reads the signature, not the name). */
const WOFF2 = Buffer.concat([Buffer.from('wOF2'), Buffer.alloc(60, 1)])
/** A 1×1 PNG posing as a font by its name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
)

let token: string
let original: Settings

test.beforeAll(async ({ request }) => {
  token = await apiToken(request, ADMIN)
  original = (await readNode(request, ORIGIN, token)).settings
})

test.afterAll(async ({ request }) => {
  await patchNode(request, ORIGIN, token, { theme: original.theme ?? null })
})

const section = (page: Page, id: string) => page.locator(`section#${id}`)

/** Clicks a submit button and waits for the server's answer to the post. */
async function submitted(page: Page, button: Locator) {
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/admin/ui'),
  )
  await button.click()
  await answered
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled })

    test.beforeEach(async ({ request }) => {
      await patchNode(request, ORIGIN, token, { theme: null })
    })

    test('the theme CSS is checked with its line, saved, and applied on the next page', async ({
      page,
      request,
    }) => {
      await page.goto('/auth/login?redirectTo=%2Fadmin%2Fui')
      await signIn(page, ADMIN)
      await expect(page).toHaveURL(`${ORIGIN}/admin/ui`)
      const theme = section(page, 'theme')
      await expect(theme.getByRole('heading', { name: 'Тема' })).toBeVisible()
      const css = theme.getByLabel('Таблица стилей (CSS)', { exact: true })
      const before = await readAssets(request, ORIGIN)

      // Refused: an @import of another origin on line 2; nothing is stored.
      await css.fill('.page-title { color: red }\n@import "https://evil.example/x.css";')
      if (javaScriptEnabled) await css.blur()
      else await submitted(page, theme.getByRole('button', { name: 'Сохранить' }))
      await expect(theme.locator('.field-error')).toContainText('Строка 2:')
      await expect(css).toHaveAttribute('aria-invalid', 'true')
      expect((await readAssets(request, ORIGIN)).version).toBe(before.version)

      // Saved: the version key changes and the page shows the theme.
      await css.fill('.page-title { color: rgb(255, 0, 128) !important }')
      await submitted(page, theme.getByRole('button', { name: 'Сохранить' }))
      await expect(page.locator('.alert-list [data-alert="success"]')).toContainText('Изменения сохранены')
      const after = await readAssets(request, ORIGIN)
      expect(after.version).not.toBe(before.version)
      await page.goto('/admin/ui')
      await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('color', 'rgb(255, 0, 128)')
      await expect(section(page, 'theme').getByLabel('Таблица стилей (CSS)', { exact: true })).toHaveValue(
        '.page-title { color: rgb(255, 0, 128) !important }',
      )
    })

    test('a font face is added with its family, weight and style, refused when not a font, and removed', async ({
      page,
      request,
    }) => {
      await page.goto('/auth/login?redirectTo=%2Fadmin%2Fui%23fonts')
      await signIn(page, ADMIN)
      const fonts = section(page, 'fonts')
      await expect(fonts.getByText('Шрифтов пока нет.')).toBeVisible()

      // A PNG named .woff2: the action reads the bytes and refuses it.
      await fonts.getByLabel('Семейство').fill('E2E Sans')
      await fonts
        .getByLabel('Файл')
        .setInputFiles({ name: 'fake.woff2', mimeType: 'font/woff2', buffer: PNG })
      await submitted(page, fonts.getByRole('button', { name: 'Добавить шрифт' }))
      await expect(section(page, 'fonts').locator('.field-error')).toContainText(
        'Выберите шрифт WOFF2, WOFF или TTF',
      )
      expect((await readAssets(request, ORIGIN)).fonts).toEqual([])

      const again = section(page, 'fonts')
      await again.getByLabel('Семейство').fill('E2E Sans')
      await again.getByLabel('Насыщенность').selectOption('700')
      await again.getByLabel('Начертание').selectOption('italic')
      await again
        .getByLabel('Файл')
        .setInputFiles({ name: 'e2e.woff2', mimeType: 'font/woff2', buffer: WOFF2 })
      await submitted(page, again.getByRole('button', { name: 'Добавить шрифт' }))
      await expect(page.locator('.alert-list [data-alert="success"]')).toContainText('Изменения сохранены')

      const face = section(page, 'fonts').getByTestId('font-face')
      await expect(face).toHaveCount(1)
      await expect(face).toContainText('E2E Sans')
      await expect(face).toContainText('700 Жирный · Курсив · WOFF2')
      // The page's theme carries the face (rendered by the server into every page).
      const style = await page.locator('style#node-theme').textContent()
      expect(style).toContain('font-family:"E2E Sans"')
      expect(style).toContain('font-weight:700;font-style:italic')
      const stored = (await readAssets(request, ORIGIN)).fonts as {
        family: string
        weight: string
        style: string
      }[]
      expect(stored).toEqual([
        expect.objectContaining({ family: 'E2E Sans', weight: '700', style: 'italic' }),
      ])

      await submitted(page, face.getByRole('button', { name: 'Удалить: E2E Sans' }))
      await expect(section(page, 'fonts').getByText('Шрифтов пока нет.')).toBeVisible()
      expect((await readAssets(request, ORIGIN)).fonts).toEqual([])
    })
  })
}
