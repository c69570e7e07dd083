import { expect, test } from '@playwright/test'
import { ORIGIN } from './env'
import { collectConsoleErrors, englishAdminSession } from './utils'

/*
 * Saved queries end to end (issue 24 item 2), with and without JavaScript: save the current search
 * under a name, shared with the node; it opens by `?saved=`, is listed in the menu under Tasks and on
 * /lk/tasks/saved, where it is renamed and deleted. The query names its process and a person by
 * name, as users write them.
 */

for (const js of [true, false]) {
  const mode = js ? 'with JavaScript' : 'without JavaScript'

  test(`save, share, open, rename and delete a saved query — ${mode}`, async ({ browser }) => {
    // Seven pages and five forms on a shared machine.
    test.setTimeout(120_000)
    const { context, page } = await englishAdminSession(browser, js, js ? 'dark' : 'light')
    const errors = collectConsoleErrors(page)
    const name = `Petrov's ${js ? 'js' : 'nojs'} ${Date.now().toString(36)}`
    const query = 'process = TASK and assignee != Petrov order by key'

    await page.goto(`${ORIGIN}/lk/tasks?${new URLSearchParams({ q: query })}`)
    await expect(page.getByTestId('search-total')).toBeVisible()
    await page.getByText('Save this query').click()
    await page.getByTestId('save-query-name').fill(name)
    await page.getByTestId('save-query-shared').check()
    await page.getByTestId('save-query-submit').click()

    // Opened by its id: its name heads the page, its text is the search.
    await expect(page).toHaveURL(/\/lk\/tasks\?saved=[0-9a-f-]{36}$/)
    const savedUrl = page.url()
    await expect(page.getByRole('heading', { name })).toBeVisible()
    await expect(page.getByTestId('search-total')).toBeVisible()
    await expect(page.locator('#search-q')).toHaveValue(query)
    await expect(
      page.locator(`a[href="${new URL(savedUrl).pathname}${new URL(savedUrl).search}"]`),
    ).toHaveCount(1)

    // Its page: shared, renamed, deleted.
    await page.goto(`${ORIGIN}/lk/tasks/saved`)
    const row = page.getByRole('row').filter({ hasText: name })
    await expect(row).toContainText('Shared')
    await expect(row).toContainText(query)
    await row.getByTestId('saved-query-name-input').fill(`${name} renamed`)
    await row.getByTestId('saved-query-rename').click()
    const renamed = page.getByRole('row').filter({ hasText: `${name} renamed` })
    await expect(renamed).toHaveCount(1)
    await renamed.getByTestId('saved-query-open').click()
    await expect(page.getByRole('heading', { name: `${name} renamed` })).toBeVisible()

    await page.goto(`${ORIGIN}/lk/tasks/saved`)
    await page
      .getByRole('row')
      .filter({ hasText: `${name} renamed` })
      .getByTestId('saved-query-delete')
      .click()
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0)
    // Gone: opening it again says so and shows the plain search.
    await page.goto(savedUrl)
    await expect(page).toHaveURL(`${ORIGIN}/lk/tasks`)

    if (js) expect(errors).toEqual([])
    await context.close()
  })
}
