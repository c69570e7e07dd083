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
})

const data = (over: Partial<CalendarData> = {}): CalendarData => ({
  field: 'created_at',
  month: '2026-11',
  day: '2026-11-10',
  days: { '2026-11-03': 2, '2026-11-10': 2, '2026-11-28': 1 },
  tasks: [task(1), task(2)],
  total: 2,
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
    expect(onParams).toHaveBeenLastCalledWith({ month: '2026-12', day: null }, undefined)
    fireEvent.click(screen.getByTestId('calendar-day-2026-11-28'))
    expect(onParams).toHaveBeenLastCalledWith({ month: '2026-11', day: '2026-11-28' })
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
    expect(onParams).toHaveBeenLastCalledWith({ month: '2026-12', day: '2026-12-18' })
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

  it('months shift across years and read in the page language', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12')
    expect(shiftMonth('2026-12', 1)).toBe('2027-01')
    expect(monthLabel('2026-11', 'ru')).toBe('Ноябрь 2026 г.')
  })
})
