// @vitest-environment jsdom
import type { CalendarData } from '@domain/widgets/kinds/calendar'
import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWidget } from '../testing/render'
import { CalendarWidget } from './calendar-widget'
import { monthLabel, shiftMonth } from './month'

const W = { id: 'c1', type: 'calendar', title: 'Deadlines' }

const task = (n: number) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  key: `TASK-${n}`,
  process_key: 'TASK',
  title: `Task ${n}`,
  status: { id: '00000000-0000-4000-8000-00000000000a', name: 'Done', color: '#4cb782' },
  values: [
    { name: 'key', type: 'text', title: 'fields.system.key', value: `TASK-${n}` },
    { name: 'title', type: 'text', title: 'fields.system.title', value: `Task ${n}` },
    { name: 'status', type: 'select', title: 'fields.system.status', value: 'Done' },
  ],
})

const data = (over: Partial<CalendarData> = {}): CalendarData => ({
  field: 'created_at',
  month: '2026-11',
  day: '2026-11-10',
  days: { '2026-11-03': 2, '2026-11-10': 2, '2026-11-28': 1 },
  tasks: [task(1), task(2)],
  total: 2,
  page: 1,
  per_page: 50,
  fields: [],
  delimiter: '·',
  ...over,
})

describe('calendar widget', () => {
  it('puts a dot on each date of the month that has tasks, and none elsewhere', () => {
    renderWidget(<CalendarWidget widget={W} data={data()} search={new URLSearchParams()} />)
    const dotted = screen
      .getAllByTestId('calendar-dot')
      .map((dot) => dot.closest('a')!.getAttribute('data-testid'))
      .sort()
    expect(dotted).toEqual(['calendar-day-2026-11-03', 'calendar-day-2026-11-10', 'calendar-day-2026-11-28'])
    expect(screen.getByTestId('calendar-month').textContent).toBe('November 2026')
  })

  it("lists the selected day's tasks, dated dd.MM.yyyy, each linking to its card", () => {
    renderWidget(<CalendarWidget widget={W} data={data()} search={new URLSearchParams()} />)
    expect(screen.getByTestId('calendar-selected').textContent).toBe('10.11.2026')
    const links = screen
      .getAllByTestId('calendar-task')
      .map((li) => li.querySelector('a')!.getAttribute('href'))
    expect(links).toEqual(['/lk/t/TASK/TASK-1', '/lk/t/TASK/TASK-2'])
  })

  it('says so when the day has no tasks', () => {
    renderWidget(
      <CalendarWidget
        widget={W}
        data={data({ day: '2026-11-11', tasks: [], total: 0 })}
        search={new URLSearchParams()}
      />,
    )
    expect(screen.getByTestId('calendar-empty').textContent).toBe('No tasks on this day')
  })

  it('works without JavaScript: every date and both arrows are links with the widget parameters', () => {
    const search = new URLSearchParams('w.t1.page=2')
    renderWidget(<CalendarWidget widget={W} data={data()} search={search} />)
    expect(screen.getByTestId('calendar-day-2026-11-28').getAttribute('href')).toBe(
      '?w.t1.page=2&w.c1.month=2026-11&w.c1.day=2026-11-28',
    )
    expect(screen.getByTestId('calendar-previous').getAttribute('href')).toBe(
      '/lk?w.t1.page=2&w.c1.month=2026-10',
    )
    expect(screen.getByTestId('calendar-next').getAttribute('href')).toBe(
      '/lk?w.t1.page=2&w.c1.month=2026-12',
    )
  })

  it('with JavaScript, picking a day or a month goes to onParams', () => {
    const onParams = vi.fn()
    renderWidget(
      <CalendarWidget widget={W} data={data()} search={new URLSearchParams()} onParams={onParams} />,
    )
    fireEvent.click(screen.getByTestId('calendar-next'))
    expect(onParams).toHaveBeenLastCalledWith({ month: '2026-12', day: null, page: null }, undefined)
    fireEvent.click(screen.getByTestId('calendar-day-2026-11-28'))
    expect(onParams).toHaveBeenLastCalledWith({ month: '2026-11', day: '2026-11-28', page: null })
  })

  it('is a keyboard grid: one date in the tab order, arrows move within the month, past its end ask for the next', () => {
    const onParams = vi.fn()
    renderWidget(
      <CalendarWidget widget={W} data={data()} search={new URLSearchParams()} onParams={onParams} />,
    )
    const tabbable = screen.getByRole('grid').querySelectorAll('a[tabindex="0"]')
    expect([...tabbable].map((a) => a.getAttribute('data-date'))).toEqual(['2026-11-10'])
    const selected = screen.getByRole('gridcell', { selected: true })
    expect(selected.textContent).toBe('10')
    screen.getByTestId('calendar-day-2026-11-10').focus()
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' })
    expect(document.activeElement?.getAttribute('data-date')).toBe('2026-11-17')
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' })
    expect(document.activeElement?.getAttribute('data-date')).toBe('2026-11-18')
    expect(onParams).not.toHaveBeenCalled()
    fireEvent.keyDown(document.activeElement!, { key: 'PageDown' })
    expect(onParams).toHaveBeenLastCalledWith({ month: '2026-12', day: '2026-12-18', page: null })
  })

  it("starts the week on the locale's first day and names each date in full", () => {
    renderWidget(<CalendarWidget widget={W} data={data()} search={new URLSearchParams()} />)
    const headers = screen.getAllByRole('columnheader').map((th) => th.getAttribute('abbr'))
    expect(headers[0]).toBe('Sunday')
    expect(screen.getByTestId('calendar-day-2026-11-10').getAttribute('aria-label')).toBe(
      'Tuesday, November 10, 2026',
    )
    // Six weeks always: the widget keeps its height.
    expect(screen.getAllByRole('row')).toHaveLength(7)
  })

  it("shows each task's fields in the settings' order joined by the delimiter", () => {
    const one = {
      ...task(7),
      values: [
        { name: 'title', type: 'text', title: 'fields.system.title', value: 'Fix the pump' },
        { name: 'cf_empty', type: 'text', title: 'Empty', value: '' },
        { name: 'assignee', type: 'user', title: 'fields.system.assignee', value: 'Anna Petrova' },
        { name: 'key', type: 'text', title: 'fields.system.key', value: 'TASK-7' },
      ],
    }
    renderWidget(
      <CalendarWidget
        widget={W}
        data={data({ tasks: [one], total: 1, delimiter: '|' })}
        search={new URLSearchParams()}
      />,
    )
    const line = screen.getByTestId('calendar-task-fields')
    // An empty field leaves no doubled delimiter behind.
    expect(line.textContent).toBe('Fix the pump | Anna Petrova | TASK-7')
    expect(line.querySelector('[data-field="key"] .wt-key')?.textContent).toBe('TASK-7')
    expect(screen.getByTestId('calendar-task').querySelector('a')!.getAttribute('aria-label')).toBe(
      'Fix the pump | Anna Petrova | TASK-7',
    )
  })

  it('shows the status with its dot, and the key alone when no field has a value', () => {
    const bare = { ...task(8), values: [{ name: 'cf_x', type: 'text', title: 'X', value: '' }] }
    renderWidget(
      <CalendarWidget
        widget={W}
        data={data({ tasks: [task(1), bare], total: 2 })}
        search={new URLSearchParams()}
      />,
    )
    const [first, second] = screen.getAllByTestId('calendar-task')
    expect(first!.textContent).toBe('TASK-1 · Task 1 · Done')
    expect(first!.querySelector('[data-field="status"] .status-dot')).not.toBeNull()
    expect(second!.textContent).toBe('TASK-8')
  })

  it('pages a day with more tasks than a page: links keep the day, JavaScript pages in place', () => {
    const onParams = vi.fn()
    const search = new URLSearchParams('w.t1.page=2')
    const many = data({ tasks: [task(51)], total: 120, page: 2 })
    const { unmount } = renderWidget(<CalendarWidget widget={W} data={many} search={search} />)
    const nav = screen.getByRole('navigation', { name: 'Pages' })
    const pages = [...nav.querySelectorAll('a[aria-label]')].map((a) => a.textContent)
    expect(pages).toEqual(['1', '2', '3'])
    expect(nav.querySelector('[aria-current="page"]')!.textContent).toBe('2')
    expect(nav.querySelector('a[rel="next"]')!.getAttribute('href')).toBe(
      '/lk?w.t1.page=2&w.c1.month=2026-11&w.c1.day=2026-11-10&w.c1.page=3',
    )
    expect(nav.querySelector('a[rel="prev"]')!.getAttribute('href')).toBe(
      '/lk?w.t1.page=2&w.c1.month=2026-11&w.c1.day=2026-11-10',
    )
    unmount()
    renderWidget(<CalendarWidget widget={W} data={many} search={search} onParams={onParams} />)
    fireEvent.click(screen.getByRole('link', { name: 'Page 3' }))
    expect(onParams).toHaveBeenLastCalledWith({ page: 3 })
  })

  it('shows no pagination when the day fits one page', () => {
    renderWidget(<CalendarWidget widget={W} data={data()} search={new URLSearchParams()} />)
    expect(screen.queryByRole('navigation')).toBeNull()
  })

  it('months shift across years and read in the page language', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12')
    expect(shiftMonth('2026-12', 1)).toBe('2027-01')
    expect(monthLabel('2026-11', 'ru')).toBe('Ноябрь 2026 г.')
  })
})
