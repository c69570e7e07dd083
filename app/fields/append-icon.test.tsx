// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderField } from './testing/render'

/** The icon names drawn in the field (data-icon of the svg), in document order. */
const icons = () => [...document.querySelectorAll('svg[data-icon]')].map((s) => s.getAttribute('data-icon'))

describe('appendIcon (spec §3 form field settings)', () => {
  it('a date picker shows the calendar by default, inside its opening button', async () => {
    renderField('date')
    const open = await screen.findByRole('button', { name: /Open the calendar/ })
    expect(open.querySelector('svg[data-icon="calendar"]')).not.toBeNull()
  })

  it('the form can choose another icon for a date picker', async () => {
    renderField('date', { appendIcon: 'clock' })
    await screen.findByRole('button', { name: /Open the calendar/ })
    expect(icons()).toEqual(['clock'])
  })

  it('month and other popover pickers: calendar by default, none when null', async () => {
    renderField('month')
    await screen.findByRole('button', { name: /Field/ })
    expect(icons()).toEqual(['calendar'])
  })

  it('a text field has no icon unless the form gives one', async () => {
    renderField('text')
    expect(icons()).toEqual([])
    document.body.innerHTML = ''
    renderField('email', { appendIcon: 'mail' })
    expect(icons()).toEqual(['mail'])
  })

  it('null hides the default icon', async () => {
    renderField('month', { appendIcon: null })
    await screen.findByRole('button', { name: /Field/ })
    expect(icons()).toEqual([])
  })
})
