import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test'
import { ADMIN, ORIGIN, USER } from './env'
import { apiToken, collectConsoleErrors, cookieValue, signIn } from './utils'

/*
 * /admin/statuses, /admin/progress, /admin/teams and /admin/processes end to end, on the real stack:
 * the main flow twice, with JavaScript (react-aria dialogs, fetchers, drag and drop, conform's list
 * steps in the browser) and without it (server-rendered dialog panels, every step a plain post).
 * Read in English (the `lng` cookie).
 */

let adminToken: string

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext()
  adminToken = await apiToken(request, ADMIN)
  await request.dispose()
})

async function asAdmin(context: BrowserContext) {
  await context.addCookies([
    { name: '_token', value: adminToken, url: ORIGIN, httpOnly: true, sameSite: 'Lax' },
    { name: 'lng', value: cookieValue('en'), url: ORIGIN },
  ])
}

const alert = (page: Page, type: 'success' | 'warning' | 'info' | 'danger') =>
  page.locator(`.alert-list [data-alert="${type}"]`)
const dialog = (page: Page) => page.getByRole('dialog')
const row = (page: Page, name: string) =>
  page.locator('tbody tr', { has: page.getByText(name, { exact: true }) })

for (const js of [true, false]) {
  const tag = js ? 'js' : 'nojs'
  const name = (what: string) => `${what} ${tag}`
  const key = js ? 'WFJS' : 'WFNOJS'

  test.describe(js ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: js })
    test.describe.configure({ mode: 'serial' })

    test.beforeEach(async ({ context }) => {
      await asAdmin(context)
    })

    /** The dialog at `url`, ready to type in (with JavaScript: once react-aria's has taken over). */
    async function openDialog(page: Page, url: string): Promise<Locator> {
      await page.goto(url)
      if (js) await page.locator('.dialog-overlay:not([data-static])').waitFor()
      return dialog(page)
    }

    test('statuses: Add checks the form, creates three, the list shows their dots', async ({ page }) => {
      const errors = collectConsoleErrors(page)
      await page.goto('/admin/statuses')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Statuses')
      await page.getByRole('link', { name: 'Add' }).click()
      await expect(page).toHaveURL(/\/admin\/statuses\/new$/)
      if (js) await page.locator('.dialog-overlay:not([data-static])').waitFor()
      const form = dialog(page)
      await expect(form.getByRole('heading', { name: 'New status' })).toBeVisible()
      await form.getByRole('button', { name: 'Create' }).click()
      await expect(form.getByText('Value is required')).toBeVisible()

      for (const [what, color] of [
        ['Open', '#1e88e5'],
        ['Doing', '#fb8c00'],
        ['Done', '#43a047'],
      ] as const) {
        const d = what === 'Open' ? form : await openDialog(page, '/admin/statuses/new')
        await d.getByLabel('Name').fill(name(what))
        await d.getByLabel('Colour').fill(color)
        if (what === 'Open') await d.getByLabel('Description').fill('Just created')
        await d.getByRole('button', { name: 'Create' }).click()
        await expect(page).toHaveURL(`${ORIGIN}/admin/statuses`)
        await expect(alert(page, 'success').first()).toContainText('Status created')
      }
      // A second status of the same name, in another case, is refused at the name (ADR 009).
      const again = await openDialog(page, '/admin/statuses/new')
      await again.getByLabel('Name').fill(name('OPEN'))
      await again.getByRole('button', { name: 'Create' }).click()
      await expect(again.getByText('A status with this name already exists')).toBeVisible()

      await page.goto(`/admin/statuses?search=${tag}`)
      await expect(page.locator('tbody tr')).toHaveCount(3)
      const open = row(page, name('Open'))
      await expect(open).toContainText('Just created')
      await expect(open).toContainText('#1e88e5')
      await expect(open.locator('.status-dot')).toHaveCSS('background-color', 'rgb(30, 136, 229)')
      expect(errors.filter((e) => !/status of (400|409)/.test(e))).toEqual([])
    })

    test('progress: statuses added, then ordered by drag or by buttons, saved in that order', async ({
      page,
    }) => {
      const form = await openDialog(page, '/admin/progress/new')
      await expect(form.getByRole('heading', { name: 'New status group' })).toBeVisible()
      await form.getByLabel('Name').fill(name('Flow'))
      for (const what of ['Open', 'Done', 'Doing']) {
        await form.getByRole('combobox', { name: 'Add status' }).selectOption({ label: name(what) })
        await form.getByRole('button', { name: 'Add status' }).click()
        await expect(form.getByText(name(what), { exact: true })).toBeVisible()
      }
      const order = form.locator('.status-order-item .status-name')
      await expect(order).toHaveText([name('Open'), name('Done'), name('Doing')])
      await expect(form.locator('.status-order-item').first()).toContainText('initial')
      // Doing before Done.
      if (js) {
        // A row is dragged by any part of it (react-aria: the grip is the keyboard's way in).
        await form
          .locator('.status-order-item', { hasText: name('Doing') })
          .dragTo(form.locator('.status-order-item', { hasText: name('Done') }), {
            targetPosition: { x: 60, y: 6 },
          })
      } else {
        await form.getByRole('button', { name: `Move ${name('Doing')} up` }).click()
      }
      await expect(order).toHaveText([name('Open'), name('Doing'), name('Done')])
      // The name typed before the steps is still there.
      await expect(form.getByLabel('Name')).toHaveValue(name('Flow'))
      await form.getByRole('button', { name: 'Create' }).click()
      await expect(page).toHaveURL(`${ORIGIN}/admin/progress`)
      await expect(alert(page, 'success')).toContainText('Progress created')
      await expect(row(page, name('Flow')).locator('.status-flow .status-name')).toHaveText([
        name('Open'),
        name('Doing'),
        name('Done'),
      ])
    })

    test('progress Editing: move by buttons, remove, save', async ({ page }) => {
      await page.goto(`/admin/progress?search=${tag}`)
      await page.getByRole('link', { name: `Edit ${name('Flow')}` }).click()
      if (js) await page.locator('.dialog-overlay:not([data-static])').waitFor()
      const edit = dialog(page)
      await expect(edit.getByRole('heading', { name: 'Editing', level: 2 })).toBeVisible()
      const order = edit.locator('.status-order-item .status-name')
      await edit.getByRole('button', { name: `Move ${name('Done')} up` }).click()
      await expect(order).toHaveText([name('Open'), name('Done'), name('Doing')])
      await edit.getByRole('button', { name: `Move ${name('Open')} down` }).click()
      await expect(order).toHaveText([name('Done'), name('Open'), name('Doing')])
      await edit.getByRole('button', { name: `Remove ${name('Done')} from the group` }).click()
      await expect(order).toHaveText([name('Open'), name('Doing')])
      await edit.getByRole('button', { name: 'Save' }).click()
      await expect(alert(page, 'success')).toContainText('Progress saved')
      await expect(row(page, name('Flow')).locator('.status-flow .status-name')).toHaveText([
        name('Open'),
        name('Doing'),
      ])
      // Back as it was for the process: Done at the end.
      await dialog(page)
        .getByRole('combobox', { name: 'Add status' })
        .selectOption({ label: name('Done') })
      await dialog(page).getByRole('button', { name: 'Add status' }).click()
      await dialog(page).getByRole('button', { name: 'Save' }).click()
      await expect(row(page, name('Flow')).locator('.status-flow .status-name')).toHaveText([
        name('Open'),
        name('Doing'),
        name('Done'),
      ])
    })

    test('teams: Add, then a member added and listed', async ({ page }) => {
      const form = await openDialog(page, '/admin/teams/new')
      await form.getByLabel('Name').fill(name('Support'))
      await form.getByLabel('Description').fill('First line')
      await form.getByRole('button', { name: 'Create' }).click()
      // Created: straight to its Editing dialog, to add members.
      await expect(page).toHaveURL(/\/admin\/teams\/[0-9a-f-]{36}$/)
      await expect(alert(page, 'success')).toContainText('Team created')
      const edit = dialog(page)
      await expect(edit).toContainText('No members yet.')
      await edit.getByLabel('Add a member').selectOption({ label: `${USER.fullName} · ${USER.email}` })
      await edit.getByRole('button', { name: 'Add', exact: true }).click()
      await expect(alert(page, 'success').first()).toContainText('Members added to the team')
      await expect(dialog(page).locator('.member')).toContainText(USER.fullName)
      await expect(row(page, name('Support'))).toContainText('1')
    })

    test('processes: key, progress, a transition with right and team, a field rule', async ({ page }) => {
      const form = await openDialog(page, '/admin/processes/new')
      await expect(form.getByRole('heading', { name: 'New process' })).toBeVisible()
      await form.getByLabel('Key').fill('1x')
      await form.getByLabel('Name', { exact: true }).fill(name('Workflow'))
      // With JavaScript the key is checked as it is left, and Create waits for a valid one;
      // without, the server answers the post with the same message.
      if (js) await expect(form.getByRole('button', { name: 'Create' })).toBeDisabled()
      else await form.getByRole('button', { name: 'Create' }).click()
      await expect(
        form.getByText('Use 2 to 10 Latin capital letters and digits, starting with a letter'),
      ).toBeVisible()
      await form.getByLabel('Key').fill(key.toLowerCase())
      await form.getByLabel('Status group').selectOption({ label: name('Flow') })
      // Without JavaScript the rows learn the group's statuses from the server.
      if (!js) await form.getByRole('button', { name: 'Use its statuses' }).click()
      await form.getByRole('button', { name: 'Add transition' }).click()
      const transition = dialog(page).getByTestId('transition-row')
      await expect(transition).toHaveCount(1)
      await transition.getByLabel('From', { exact: true }).selectOption({ label: name('Open') })
      await transition.getByLabel('To', { exact: true }).selectOption({ label: name('Doing') })
      await transition.getByLabel('Right needed', { exact: true }).selectOption('task_edit')
      await transition
        .getByRole('group', { name: 'Only these teams' })
        .getByLabel(name('Support'), { exact: true })
        .check()
      await transition.getByRole('textbox', { name: 'Required fields' }).fill('description')
      if (js) await transition.getByRole('textbox', { name: 'Required fields' }).press('Enter')
      await dialog(page).getByRole('button', { name: 'Add field rule' }).click()
      const rule = dialog(page).getByTestId('rule-row')
      await expect(rule).toHaveCount(1)
      // The rows added after the first keep what was chosen in it.
      await expect(transition.getByLabel('To', { exact: true })).toHaveValue(/.+/)
      await rule.getByLabel('In status', { exact: true }).selectOption({ label: name('Done') })
      await rule.getByLabel('Field', { exact: true }).fill('title')
      await rule.getByLabel('Rule', { exact: true }).selectOption('readonly')
      // A second transition, then removed again.
      await dialog(page).getByRole('button', { name: 'Add transition' }).click()
      await expect(dialog(page).getByTestId('transition-row')).toHaveCount(2)
      await dialog(page).getByRole('button', { name: 'Remove transition 2' }).click()
      await expect(dialog(page).getByTestId('transition-row')).toHaveCount(1)
      await expect(dialog(page).getByLabel('Key')).toHaveValue(key.toLowerCase())
      await dialog(page).getByRole('button', { name: 'Create' }).click()

      await expect(page).toHaveURL(`${ORIGIN}/admin/processes`)
      await expect(alert(page, 'success')).toContainText('Process created')
      const r = row(page, name('Workflow'))
      await expect(r.locator('.process-key')).toHaveText(key)
      await expect(r).toContainText(name('Flow'))
      await expect(r).toContainText('Transitions: 1 · rules: 1')

      // Editing shows what was stored.
      await r.getByRole('link', { name: `Edit ${name('Workflow')}` }).click()
      const edit = dialog(page)
      await expect(edit.locator('.dialog-subtitle .process-key')).toHaveText(key)
      const stored = edit.getByTestId('transition-row')
      await expect(stored.getByLabel('From', { exact: true }).locator('option:checked')).toHaveText(
        name('Open'),
      )
      await expect(stored.getByLabel('To', { exact: true }).locator('option:checked')).toHaveText(
        name('Doing'),
      )
      await expect(stored.getByLabel('Right needed', { exact: true })).toHaveValue('task_edit')
      const teams = stored.getByRole('group', { name: 'Only these teams' })
      await expect(teams.getByLabel(name('Support'), { exact: true })).toBeChecked()
      if (js) await expect(stored.locator('.tag')).toHaveText(['description'])
      else await expect(stored.getByRole('textbox', { name: 'Required fields' })).toHaveValue('description')
      await expect(edit.getByTestId('rule-row').getByLabel('Field', { exact: true })).toHaveValue('title')
      await expect(edit.getByTestId('rule-row').getByLabel('Rule', { exact: true })).toHaveValue('readonly')
    })

    test('Editing saves a status; deleting one in use is refused with the upstream’s alert', async ({
      page,
    }) => {
      await page.goto(`/admin/statuses?search=${tag}`)
      await page.getByRole('link', { name: `Edit ${name('Open')}` }).click()
      if (js) await page.locator('.dialog-overlay:not([data-static])').waitFor()
      const edit = dialog(page)
      await expect(edit.getByRole('heading', { name: 'Editing', level: 2 })).toBeVisible()
      await expect(edit.getByLabel('Name')).toHaveValue(name('Open'))
      await edit.getByLabel('Name').fill(name('New'))
      await edit.getByRole('button', { name: 'Save' }).click()
      await expect(alert(page, 'success')).toContainText('Status saved')
      await expect(row(page, name('New'))).toHaveCount(1)

      await dialog(page).getByRole('link', { name: 'Delete' }).click()
      const confirm = dialog(page).getByRole('alertdialog')
      await expect(confirm).toContainText(`Delete ${name('New')}?`)
      await confirm.getByRole('button', { name: 'Delete' }).click()
      await expect(alert(page, 'warning')).toContainText(
        'The status is used by a progress or a process and cannot be deleted',
      )
      await expect(dialog(page).getByRole('alertdialog')).toHaveCount(0)
      await expect(row(page, name('New'))).toHaveCount(1)
    })

    test('deleting a progress or a team in use is refused; an unused status is deleted', async ({ page }) => {
      // Three deletions, each through its list, dialog and confirmation: more than 30 s on a busy machine.
      test.slow()
      await page.goto(`/admin/progress?search=${tag}`)
      await page.getByRole('link', { name: `Edit ${name('Flow')}` }).click()
      await dialog(page).getByRole('link', { name: 'Delete' }).click()
      await dialog(page).getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
      await expect(alert(page, 'warning')).toContainText(
        'The progress is used by a process and cannot be deleted',
      )

      await page.goto(`/admin/teams?search=${tag}`)
      await page.getByRole('link', { name: `Edit ${name('Support')}` }).click()
      await dialog(page).getByRole('link', { name: 'Delete' }).click()
      await dialog(page).getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
      await expect(alert(page, 'warning')).toContainText(
        'The team is named in process transitions and cannot be deleted',
      )

      const form = await openDialog(page, '/admin/statuses/new')
      await form.getByLabel('Name').fill(name('Spare'))
      await form.getByRole('button', { name: 'Create' }).click()
      // Created (the dialog closes with the alert) before the page is left: leaving aborts the post.
      await expect(alert(page, 'success')).toBeVisible()
      await page.goto(`/admin/statuses?search=${encodeURIComponent(name('Spare'))}`)
      await page.getByRole('link', { name: `Edit ${name('Spare')}` }).click()
      await dialog(page).getByRole('link', { name: 'Delete' }).click()
      await dialog(page).getByRole('alertdialog').getByRole('link', { name: 'Cancel' }).click()
      await expect(dialog(page).getByRole('alertdialog')).toHaveCount(0)
      await dialog(page).getByRole('link', { name: 'Delete' }).click()
      await dialog(page).getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
      await expect(alert(page, 'success')).toContainText('Status deleted')
      await expect(dialog(page)).toHaveCount(0)
      await expect(page.getByRole('cell', { name: 'Nothing found.' })).toBeVisible()
    })
  })
}

test('a user who is not an administrator is sent home from every workflow page', async ({ page }) => {
  await signIn(page, USER)
  await expect(page).toHaveURL(`${ORIGIN}/lk`)
  for (const path of ['/admin/statuses', '/admin/progress', '/admin/processes', '/admin/teams/new']) {
    await page.goto(path)
    await expect(page).toHaveURL(`${ORIGIN}/lk`)
  }
})

test('Editing an unknown status goes back to the list with a warning', async ({ page, context }) => {
  await asAdmin(context)
  await page.goto('/admin/statuses/00000000-0000-4000-8000-000000000000?search=x')
  await expect(page).toHaveURL(`${ORIGIN}/admin/statuses?search=x`)
  await expect(alert(page, 'warning')).toContainText('Status not found')
})
