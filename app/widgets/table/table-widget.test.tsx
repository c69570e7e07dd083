// @vitest-environment jsdom
import type { TableData } from '@domain/widgets/kinds/table'
import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWidget } from '../testing/render'
import { TableWidget } from './table-widget'

const W = { id: 'w1', type: 'table', title: 'My tasks' }

const row = (n: number, status: TableData['rows'][number]['status'] = null): TableData['rows'][number] => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  key: `TASK-${n}`,
  process_key: 'TASK',
  title: `Task ${n}`,
  status,
  values: { assignee: 'Petrov Ivan', cf_points: 3 },
})

const data = (over: Partial<TableData> = {}): TableData => ({
  headers: [
    { name: 'key', title: 'fields.system.key', type: 'text' },
    { name: 'title', title: 'fields.system.title', type: 'text' },
    { name: 'status', title: 'fields.system.status', type: 'select' },
    { name: 'assignee', title: 'fields.system.assignee', type: 'select' },
    { name: 'cf_points', title: 'Points', type: 'number' },
  ],
  filters: [],
  rows: [
    row(1, { id: '00000000-0000-4000-8000-00000000000a', name: 'In progress', color: '#4ea7fc' }),
    row(2),
  ],
  meta: { total: 2, page: 1, per_page: 5 },
  ...over,
})

describe('table widget', () => {
  it('shows the headers of its data, translated where they are keys', () => {
    renderWidget(<TableWidget widget={W} data={data()} search={new URLSearchParams()} />)
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent)
    expect(headers).toEqual(['Key', 'Title', 'Status', 'Assignee', 'Points'])
  })

  it('links the key to the task card and shows the status with its coloured dot', () => {
    renderWidget(<TableWidget widget={W} data={data()} search={new URLSearchParams()} />)
    const link = screen.getByRole('link', { name: 'TASK-1' })
    expect(link.getAttribute('href')).toBe('/lk/t/TASK/TASK-1')
    const status = screen.getByTestId('table-status')
    expect(status.textContent).toBe('In progress')
    const dot = status.querySelector('.status-dot') as HTMLElement
    expect(dot.style.backgroundColor).toBe('rgb(78, 167, 252)')
    const cells = within(screen.getAllByTestId('table-row')[0]!).getAllByRole('cell')
    expect(cells.map((c) => c.textContent)).toEqual(['TASK-1', 'Task 1', 'In progress', 'Petrov Ivan', '3'])
  })

  it("says 'Nothing found.' when there are no rows, and shows no pagination", () => {
    renderWidget(
      <TableWidget
        widget={W}
        data={data({ rows: [], meta: { total: 0, page: 1, per_page: 5 } })}
        search={new URLSearchParams()}
      />,
    )
    expect(screen.getByTestId('table-empty').textContent).toBe('Nothing found.')
    expect(screen.queryByRole('navigation')).toBeNull()
  })

  it('pages with at most 7 page buttons and an ellipsis that is not a link (spec §9)', () => {
    const search = new URLSearchParams('w.other.page=3')
    renderWidget(
      <TableWidget widget={W} data={data({ meta: { total: 100, page: 1, per_page: 5 } })} search={search} />,
    )
    const nav = screen.getByRole('navigation')
    const pages = within(nav)
      .getAllByRole('link')
      .filter((a) => !a.getAttribute('rel'))
      .map((a) => a.textContent)
    expect(pages).toEqual(['1', '2', '3', '4', '5', '20'])
    const ellipsis = nav.querySelector('.pagination-ellipsis')!
    expect(ellipsis.textContent).toBe('…')
    expect(ellipsis.closest('a')).toBeNull()
    // A page is a plain link keeping the other widgets' parameters: it works without JavaScript.
    const two = within(nav).getByRole('link', { name: 'Page 2' })
    expect(two.getAttribute('href')).toBe('/lk?w.other.page=3&w.w1.page=2')
  })

  it('over a capped total, the last number reads "N+" and the next arrow goes past it', () => {
    renderWidget(
      <TableWidget
        widget={W}
        data={data({ meta: { total: 10_000, page: 2000, per_page: 5, more: true } })}
        search={new URLSearchParams()}
      />,
    )
    const nav = screen.getByRole('navigation')
    const numbers = within(nav)
      .getAllByRole('link')
      .filter((a) => !a.getAttribute('rel'))
      .map((a) => a.textContent)
    expect(numbers.at(-1)).toBe('2000+')
    expect(within(nav).getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe(
      '/lk?w.w1.page=2001',
    )
  })

  it('with JavaScript, a page change goes to onParams instead of navigating', () => {
    const onParams = vi.fn()
    renderWidget(
      <TableWidget
        widget={W}
        data={data({ meta: { total: 100, page: 1, per_page: 5 } })}
        search={new URLSearchParams()}
        onParams={onParams}
      />,
    )
    fireEvent.click(screen.getByRole('link', { name: 'Page 3' }))
    expect(onParams).toHaveBeenCalledWith({ page: 3 })
  })

  it('offers the filter form built from its filters, keeping the other parameters', () => {
    const search = new URLSearchParams('w.other.day=2026-11-02&w.w1.filter.title=chairs&w.w1.page=2')
    renderWidget(
      <TableWidget
        widget={W}
        data={data({
          filters: [
            { name: 'title', title: 'fields.system.title', type: 'text' },
            { name: 'created_at', title: 'fields.system.created_at', type: 'datetime' },
          ],
        })}
        search={search}
      />,
    )
    const form = screen.getByTestId('table-filter-form') as HTMLFormElement
    expect(form.method).toBe('get')
    const title = within(form).getByLabelText('Title') as HTMLInputElement
    expect(title.name).toBe('w.w1.filter.title')
    expect(title.value).toBe('chairs')
    expect(within(form).getByLabelText('From')).toHaveProperty('name', 'w.w1.filter.created_at.from')
    const hidden = [...form.querySelectorAll('input[type=hidden]')].map((i) => (i as HTMLInputElement).name)
    expect(hidden).toEqual(['w.other.day'])
  })

  it('offers a select of the choices for an option filter, with "any" first and the value in force chosen', () => {
    const open = '00000000-0000-4000-8000-00000000000a'
    const done = '00000000-0000-4000-8000-00000000000b'
    renderWidget(
      <TableWidget
        widget={W}
        data={data({
          filters: [
            {
              name: 'status',
              title: 'fields.system.status',
              type: 'select',
              options: [
                { value: done, title: 'Done' },
                { value: open, title: 'Open' },
              ],
            },
            { name: 'cf_kind', title: 'Kind', type: 'select' },
          ],
        })}
        search={new URLSearchParams(`w.w1.filter.status=${open}`)}
      />,
    )
    const form = screen.getByTestId('table-filter-form')
    const status = within(form).getByLabelText('Status') as HTMLSelectElement
    expect(status.tagName).toBe('SELECT')
    expect(status.name).toBe('w.w1.filter.status')
    expect([...status.options].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Any'],
      [done, 'Done'],
      [open, 'Open'],
    ])
    expect(status.value).toBe(open)
    // A select the upstream sent no choices for keeps its text box.
    expect((within(form).getByLabelText('Kind') as HTMLInputElement).tagName).toBe('INPUT')
  })

  it('keeps a value in force that is not among the choices chosen', () => {
    renderWidget(
      <TableWidget
        widget={W}
        data={data({
          filters: [
            { name: 'cf_kind', title: 'Kind', type: 'select', options: [{ value: 'a', title: 'A' }] },
          ],
        })}
        search={new URLSearchParams('w.w1.filter.cf_kind=zzz')}
      />,
    )
    const kind = within(screen.getByTestId('table-filter-form')).getByLabelText('Kind') as HTMLSelectElement
    expect(kind.value).toBe('zzz')
    expect([...kind.options].map((o) => o.value)).toEqual(['', 'zzz', 'a'])
  })
})
