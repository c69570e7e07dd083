import { expect, type Page, test } from '@playwright/test'
import { ADMIN, ORIGIN, USER } from './env'
import { patchStartNode, reloadUntil, signInHome } from './shell-utils'
import { apiToken, collectConsoleErrors, startNodeId } from './utils'

/**
 * The admin pages of spec §2 under the menu's groups (users, UI, fields and forms have their own
 * specs; each page's content is tested with its section).
 */
const ADMIN_PAGES = [
  ['/admin/statuses', 'Статусы'],
  ['/admin/progress', 'Группы статусов'],
  ['/admin/processes', 'Процессы'],
  ['/admin/teams', 'Команды'],
  ['/admin/boards', 'Дашборды'],
  ['/admin/widgets', 'Виджеты'],
  ['/admin/plugin-store', 'Магазин плагинов'],
  ['/admin/plugin-configs', 'Настройка плагинов'],
] as const

const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Администрирование' })

test.describe('admin area', () => {
  test('an administrator sees the admin menu of spec §2 and every admin page', async ({ page }) => {
    const errors = collectConsoleErrors(page)
    await signInHome(page, ADMIN)
    const toUsers = await page.request.get('/admin', { maxRedirects: 0 })
    expect(toUsers.status()).toBe(302)
    expect(toUsers.headers().location).toBe('/admin/users')

    await page.goto('/admin/statuses')
    const nav = adminNav(page)
    await expect(nav.getByRole('link', { name: 'Пользователи' })).toHaveAttribute('href', '/admin/users')
    await expect(nav.getByRole('link', { name: 'Интерфейс' })).toHaveAttribute('href', '/admin/ui')
    const groups = {
      'admin-statuses-group': ['/admin/statuses', '/admin/progress'],
      'admin-processes-group': ['/admin/processes', '/admin/teams'],
      'admin-forms-group': ['/admin/fields', '/admin/forms'],
      'admin-boards-group': ['/admin/widgets', '/admin/boards'],
      'admin-plugins-group': ['/admin/plugin-store', '/admin/plugin-configs'],
    }
    for (const [id, hrefs] of Object.entries(groups)) {
      const links = nav.getByTestId(`menu-${id}`).locator('a')
      expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(hrefs)
    }
    // The group holding the page is open, the others closed.
    await expect(nav.getByTestId('menu-admin-statuses-group')).toHaveAttribute('open', '')
    await expect(nav.getByTestId('menu-admin-processes-group')).not.toHaveAttribute('open', '')
    // Footer: back home, and the settings entry leading to the users page.
    const footer = page.getByTestId('menu-footer')
    await expect(footer.getByRole('link', { name: 'Вернуться на главную' })).toHaveAttribute('href', '/lk')
    await expect(footer.getByRole('link', { name: 'Настройки' })).toHaveAttribute('href', '/admin/users')

    for (const [path, title] of ADMIN_PAGES) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
      await expect(page).toHaveTitle(`${title} · Nodus`)
      // The store is a card per plugin, each with its own Add; every other page is a searchable list.
      if (path === '/admin/plugin-store') await expect(page.getByTestId('plugin-store-page')).toBeVisible()
      else await expect(page.getByRole('main').getByRole('searchbox')).toBeVisible()
      await expect(page.getByRole('link', { name: 'Добавить' }).first()).toBeVisible()
    }
    expect(errors).toEqual([])
  })

  test('a user without is_admin is sent home from /admin', async ({ page }) => {
    await signInHome(page, USER)
    await page.goto('/admin/statuses')
    await expect(page).toHaveURL(`${ORIGIN}/lk`)
    await page.goto('/admin')
    await expect(page).toHaveURL(`${ORIGIN}/lk`)
    // …and the personal menu offers no settings entry.
    await expect(page.getByTestId('menu-footer').getByRole('link', { name: 'Настройки' })).toHaveCount(0)
  })
})

test.describe('task creation', () => {
  test('without task_create /lk/t/add leads home, and there is no New Task button', async ({ page }) => {
    await signInHome(page, USER)
    await expect(page.getByTestId('new-task')).toHaveCount(0)
    await page.goto('/lk/t/add')
    await expect(page).toHaveURL(`${ORIGIN}/lk`)
    await page.goto('/lk/t/add/DEV')
    await expect(page).toHaveURL(`${ORIGIN}/lk`)
  })

  test('with task_create the New Task button opens the process chooser', async ({ page }) => {
    await signInHome(page, ADMIN)
    await page.getByTestId('new-task').click()
    await expect(page).toHaveURL(`${ORIGIN}/lk/t/add`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Выберите процесс')
    // The demo workflow's process (the first start seeds it in node start).
    await page.getByRole('radio', { name: /TASK/ }).check()
    await page.getByRole('button', { name: 'Далее' }).click()
    await expect(page).toHaveURL(`${ORIGIN}/lk/t/add/TASK`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Создание задачи')
  })
})

test.describe('pages of the personal area', () => {
  test('boards are titled Дашборды; an unknown board, task card or path is page-not-found', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, USER)
    const home = await request.get(`${ORIGIN}/api/boards/${await startNodeId(request)}/home`, {
      headers: { authorization: `Bearer ${token}` },
    })
    const board = (await home.json()).data as { id: string }
    await signInHome(page, USER)
    await page.goto(`/lk/b/${board.id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Дашборды')
    await expect(page).toHaveTitle('Дашборды · Nodus')
    await page.goto('/lk/b/main')
    await expect(page).toHaveURL(`${ORIGIN}/errors/page-not-found`)
    await page.goto('/lk/t/DEV/DEV-1')
    await expect(page).toHaveURL(`${ORIGIN}/errors/page-not-found`)
    await page.goto('/lk/no/such/page')
    await expect(page).toHaveURL(`${ORIGIN}/errors/page-not-found`)
    await expect(page.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/lk')
  })
})

test.describe('side menu with JavaScript', () => {
  test('groups collapse and expand; the menu minimises and stays so after a reload', async ({ page }) => {
    await signInHome(page, ADMIN)
    await page.goto('/admin/statuses')
    const nav = adminNav(page)
    const progress = nav.getByRole('link', { name: 'Группы статусов' })
    await expect(progress).toBeVisible()
    await nav.getByTestId('menu-admin-statuses-group').locator('summary').click()
    await expect(progress).toBeHidden()
    await nav.getByTestId('menu-admin-processes-group').locator('summary').click()
    await expect(nav.getByRole('link', { name: 'Команды' })).toBeVisible()

    const shell = page.locator('.shell')
    await expect(shell).toHaveAttribute('data-sidebar', 'full')
    const saved = page.waitForResponse((r) => r.url().includes('/resources/sidebar'))
    await page.getByRole('button', { name: 'Свернуть меню' }).click()
    await expect(shell).toHaveAttribute('data-sidebar', 'min')
    await saved
    // Labels stay for screen readers (and tooltips) when only icons show.
    await expect(nav.getByRole('link', { name: 'Пользователи' })).toHaveAttribute('title', 'Пользователи')
    await page.reload()
    await expect(shell).toHaveAttribute('data-sidebar', 'min')
    await page.getByRole('button', { name: 'Развернуть меню' }).click()
    await expect(shell).toHaveAttribute('data-sidebar', 'full')
  })

  test('the profile menu always has Services (spec §2): without a service centre, a page that says so', async ({
    page,
  }) => {
    await signInHome(page, USER)
    const block = page.getByTestId('profile-block')
    await block.locator('summary').click()
    await block.getByRole('link', { name: 'Сервисы' }).click()
    await expect(page).toHaveURL(`${ORIGIN}/lk/services`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Сервисы')
    await expect(page.getByTestId('services-page')).toContainText('не подключён сервисный центр')
    // Where to connect one is for administrators only.
    await expect(page.getByRole('link', { name: /Подключить сервисный центр/ })).toHaveCount(0)
  })

  test('the profile block opens a menu with the profile and log out', async ({ page }) => {
    await signInHome(page, USER)
    const block = page.getByTestId('profile-block')
    await block.locator('summary').click()
    await block.getByRole('link', { name: 'Профиль' }).click()
    await expect(page).toHaveURL(`${ORIGIN}/lk/profile`)
    // The menu closed with the navigation; Escape closes it too.
    await expect(block).not.toHaveAttribute('open', '')
    await block.locator('summary').click()
    await page.keyboard.press('Escape')
    await expect(block).not.toHaveAttribute('open', '')
    await block.locator('summary').click()
    await block.getByRole('button', { name: 'Выйти' }).click()
    await expect(page).toHaveURL(`${ORIGIN}/auth/login`)
  })

  test('notifications: an entry in the footer of the personal menu, leading to the inbox', async ({
    page,
  }) => {
    await signInHome(page, USER)
    await page.getByTestId('notifications').click()
    await expect(page).toHaveURL(`${ORIGIN}/lk/notifications`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Уведомления')
  })
})

test.describe('node settings', () => {
  test.afterAll(async ({ request }) => {
    await patchStartNode(request, { menu: null, theme: null, logo: null })
  })

  test("the node's menu items appear in the side menu (3 levels, headings) and the main menu", async ({
    page,
    request,
  }) => {
    await patchStartNode(request, {
      menu: {
        items: [
          { title: 'Документация', url: 'https://docs.example.com', icon: 'book' },
          { title: 'Работа', heading: true },
          {
            title: 'Доски',
            icon: 'board',
            items: [
              { title: 'Основная', url: '/lk/b/main' },
              // A page that exists (a board must, since issue 11: an unknown one is page-not-found).
              { title: 'Смены', items: [{ title: 'Ночная', url: '/lk/profile' }] },
            ],
          },
          { title: 'Настройки узла', url: 'adminUI' },
        ],
      },
    })
    await signInHome(page, USER)
    const side = page.getByRole('navigation', { name: 'Боковое меню' })
    await reloadUntil(page, () => side.getByText('Документация').isVisible())
    await expect(side.getByRole('link', { name: 'Документация' })).toHaveAttribute('target', '_blank')
    await expect(side.getByTestId('menu-node-1')).toHaveText('Работа')
    await expect(side.getByRole('link', { name: 'Настройки узла' })).toHaveAttribute('href', '/admin/ui')
    await side.getByTestId('menu-node-2').locator('> summary').click()
    await side.getByTestId('menu-node-2.1').locator('> summary').click()
    await side.getByRole('link', { name: 'Ночная' }).click()
    await expect(page).toHaveURL(`${ORIGIN}/lk/profile`)
    // The group of the current page starts open after a reload.
    await page.reload()
    await expect(side.getByRole('link', { name: 'Ночная' })).toBeVisible()
    const top = page.getByRole('navigation', { name: 'Главное меню' })
    await expect(top.getByRole('link', { name: 'Документация' })).toBeVisible()
    await expect(top.getByRole('link', { name: 'Настройки узла' })).toBeVisible()
  })

  test("the node's theme is rendered into the page with the nonce, and cached by version in IndexedDB", async ({
    page,
    request,
  }) => {
    const errors = collectConsoleErrors(page)
    const { version } = await patchStartNode(request, {
      theme: { css: ':root{--accent:#e5484d}' },
      logo: { favicon: '/favicon.svg' },
    })
    await page.goto('/auth/login')
    const style = page.locator('style#node-theme')
    await reloadUntil(page, async () => (await style.getAttribute('data-version')) === String(version))
    expect(await style.evaluate((el) => el.textContent)).toBe(':root{--accent:#e5484d}')
    const accent = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--accent'),
    )
    expect(accent.trim()).toBe('#e5484d')
    // What the page stored: read without creating the database (that would skip the app's upgrade).
    const readCache = () =>
      page.evaluate(async () => {
        if (!(await indexedDB.databases()).some((d) => d.name === 'nodus-cache')) return null
        return new Promise((resolve, reject) => {
          const open = indexedDB.open('nodus-cache')
          open.onerror = () => reject(open.error)
          open.onsuccess = () => {
            const db = open.result
            const stores = [...db.objectStoreNames]
            if (!stores.includes('theme')) return resolve({ stores, entry: null })
            const get = db.transaction('theme').objectStore('theme').get('start')
            get.onsuccess = () => resolve({ stores, entry: get.result ?? null })
          }
        })
      })
    await expect.poll(readCache).toEqual({
      stores: ['theme'],
      entry: { version: String(version), css: ':root{--accent:#e5484d}', fonts: [] },
    })
    expect(errors).toEqual([])
  })
})

test.describe('profile with JavaScript', () => {
  test.afterAll(async ({ request }) => {
    const token = await apiToken(request, USER)
    const me = await (
      await request.get(`${ORIGIN}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })
    ).json()
    await request.patch(`${ORIGIN}/api/users/${me.data.id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        fio: { name: 'Ivan', surname: 'Petrov', middlename: 'Sergeevich' },
        contacts: { email: USER.email, phone: '' },
      },
    })
  })

  test('shows the fio and contacts, refuses a bad email in the browser, saves with the alert', async ({
    page,
  }) => {
    await signInHome(page, USER)
    await page.getByTestId('current-user').click()
    await expect(page).toHaveURL(`${ORIGIN}/lk/profile`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Профиль')
    await expect(page.getByLabel('Имя', { exact: true })).toHaveValue('Ivan')
    await expect(page.getByLabel('Фамилия', { exact: true })).toHaveValue('Petrov')
    await expect(page.getByLabel('Отчество', { exact: true })).toHaveValue('Sergeevich')

    const posts: string[] = []
    page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()))
    await page.getByLabel('Электронная почта', { exact: true }).fill('not-an-email')
    await page.getByRole('button', { name: 'Сохранить изменения' }).click()
    await expect(page.getByText('Введите корректный адрес электронной почты')).toBeVisible()
    expect(posts).toEqual([])

    await page.getByLabel('Электронная почта', { exact: true }).fill('ivan.petrov@example.com')
    await page.getByLabel('Телефон', { exact: true }).fill('+7 (900) 123-45-67')
    await page.getByRole('button', { name: 'Сохранить изменения' }).click()
    await expect(page.locator('.alert-list [data-alert="success"]')).toContainText('Пользователь изменён')
    await page.reload()
    await expect(page.getByLabel('Телефон', { exact: true })).toHaveValue('+7 (900) 123-45-67')
    await expect(page.getByLabel('Электронная почта', { exact: true })).toHaveValue('ivan.petrov@example.com')
  })

  test('in English the middle name and last name labels are swapped, as spec §3 says', async ({ page }) => {
    await signInHome(page, USER)
    await page.getByRole('button', { name: 'English' }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await page.goto('/lk/profile')
    await expect(page.getByLabel('Last name', { exact: true })).toHaveAttribute('name', 'fio.middlename')
    await expect(page.getByLabel('Middle name', { exact: true })).toHaveAttribute('name', 'fio.surname')
    await expect(page.getByLabel('First name', { exact: true })).toHaveAttribute('name', 'fio.name')
  })
})

test.describe('CSRF', () => {
  test('a form post without this session’s token is refused with 403', async ({ page }) => {
    await signInHome(page, USER)
    const res = await page.request.post('/resources/theme', {
      form: { theme: 'light', redirectTo: '/lk' },
      maxRedirects: 0,
    })
    expect(res.status()).toBe(403)
    const forged = await page.request.post('/auth/logout', { form: { csrf: 'forged' }, maxRedirects: 0 })
    expect(forged.status()).toBe(403)
    // Still signed in.
    await page.goto('/lk')
    await expect(page).toHaveURL(`${ORIGIN}/lk`)
  })

  test('the sign-in form and the admin forms refuse a post without the token, and change nothing', async ({
    page,
    request,
  }) => {
    await page.goto('/auth/login')
    const login = await page.request.post('/auth/login', {
      form: { email: ADMIN.email, password: ADMIN.password },
      maxRedirects: 0,
    })
    expect(login.status()).toBe(403)
    expect((await page.context().cookies()).find((c) => c.name === '_token')).toBeUndefined()

    await signInHome(page, ADMIN)
    const email = `csrf-${Date.now()}@example.com`
    const create = await page.request.post('/admin/users/new', {
      form: { intent: 'create', email, password: 'long-enough-1' },
      maxRedirects: 0,
    })
    expect(create.status()).toBe(403)
    const ui = await page.request.post('/admin/ui', {
      form: { intent: 'general:save', locale: 'en' },
      maxRedirects: 0,
    })
    expect(ui.status()).toBe(403)
    const token = await apiToken(request, ADMIN)
    const users = await request.get(`/api/users/me`, { headers: { authorization: `Bearer ${token}` } })
    expect(users.status()).toBe(200)
    const found = await request.get(`/api/nodes/domain/start`)
    const nodeId = (await found.json()).data.id
    const list = await request.get(`/api/users/${nodeId}?search=${encodeURIComponent(email)}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect((await list.json()).meta.total).toBe(0)
    expect((await found.json()).data.settings.locale ?? 'ru').toBe('ru')
  })
})
