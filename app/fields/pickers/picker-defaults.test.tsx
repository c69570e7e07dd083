// @vitest-environment jsdom
import { PICKER_DEFAULTS, pickerOptions } from '@domain/fields/picker'
import type { FieldType } from '@domain/fields/types'
import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderField } from '../testing/render'

/** Opens a picker the way a user does: its calendar button, or the button showing its value. */
async function open(type: FieldType, settings = {}) {
  renderField(type, { settings })
  const button =
    type === 'date' || type === 'datetime'
      ? await screen.findByRole('button', { name: /Open the calendar/ })
      : await screen.findByRole('button', { name: /Field/ })
  fireEvent.click(button)
  return screen.findByRole('dialog')
}

describe('date pickers, spec §9 defaults', () => {
  it('holds the spec defaults in one place', () => {
    expect(PICKER_DEFAULTS).toMatchObject({
      clearable: false,
      timePicker: false,
      autoApply: true,
      actionRow: false,
      utc: true,
      weeks: 6,
      icon: 'calendar',
      inline: false,
    })
    expect(pickerOptions({ type: 'datetime', settings: {} }).timePicker).toBe(true)
    expect(pickerOptions({ type: 'daterange', settings: {} })).toMatchObject({
      autoApply: false,
      actionRow: true,
    })
    expect(pickerOptions({ type: 'multidate', settings: {} })).toMatchObject({
      autoApply: false,
      actionRow: true,
    })
  })

  it.each(['date', 'datetime', 'week', 'month', 'quarter', 'year'] as const)(
    '%s: the calendar opens with no action row (no Now) by default',
    async (type) => {
      const dialog = await open(type)
      expect(within(dialog).queryByRole('button', { name: 'Now' })).toBeNull()
    },
  )

  it.each(['date', 'week', 'month'] as const)('%s: settings.action_row shows Now', async (type) => {
    const dialog = await open(type, { action_row: true })
    expect(within(dialog).getByRole('button', { name: 'Now' })).toBeTruthy()
  })

  it('date: six weeks shown, whatever the month', async () => {
    const dialog = await open('date')
    expect(dialog.querySelectorAll('tbody tr')).toHaveLength(6)
  })

  it.each(['daterange', 'multidate'] as const)(
    '%s: Select and Cancel, labelled as the spec says',
    async (type) => {
      const dialog = await open(type)
      expect(within(dialog).getByRole('button', { name: 'Select' })).toBeTruthy()
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy()
      expect(within(dialog).queryByRole('button', { name: 'Now' })).toBeNull()
    },
  )
})
