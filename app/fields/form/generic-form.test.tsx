// @vitest-environment jsdom
import type { FieldDefinition } from '@domain/fields/types'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { type ComponentProps, forwardRef } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { renderUi } from '../testing/render'
import type { FormDescription } from './description'
import { GenericForm } from './generic-form'

const defs: FieldDefinition[] = [
  { name: 'cf_name', type: 'text', title: 'Name', settings: { required: true } },
  { name: 'cf_mail', type: 'email', title: 'Mail', settings: { required: true } },
  { name: 'cf_note', type: 'textarea', title: 'Note', settings: {} },
]

// Remix's Form needs a Remix router; a plain form is enough here (posting is the e2e tests' part).
vi.mock('@remix-run/react', () => ({
  Form: forwardRef<HTMLFormElement, ComponentProps<'form'>>((props, ref) => <form ref={ref} {...props} />),
}))

const renderForm = (form: FormDescription) => renderUi(<GenericForm id="gf" definitions={defs} form={form} />)

const type = (name: string, value: string) =>
  act(() => {
    fireEvent.input(screen.getByRole('textbox', { name }), { target: { value } })
  })

describe('generic form', () => {
  it('keeps Submit disabled while the form is invalid', async () => {
    renderForm({ layout: 'simple', fields: defs.map((d) => ({ name: d.name, grid: 6 })) })
    const submit = await screen.findByTestId('form-submit')
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(true))
    type('Name', 'Ada')
    type('Mail', 'ada@example')
    expect(submit.hasAttribute('disabled')).toBe(true)
    type('Mail', 'ada@example.com')
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false))
  })

  it('tabs: Next only when the following tab is active, inactive tabs disabled', async () => {
    renderForm({
      layout: 'tabs',
      tabs: [
        { key: 'a', title: 'First' },
        { key: 'b', title: 'Second' },
        { key: 'c', title: 'Third' },
      ],
      fields: [
        { name: 'cf_name', tab: 'a' },
        { name: 'cf_mail', tab: 'b' },
        { name: 'cf_note', tab: 'c' },
      ],
    })
    const next = await screen.findByTestId('form-next')
    const tab = (name: string) => screen.getByRole('tab', { name })
    await waitFor(() => expect(next.hasAttribute('disabled')).toBe(true))
    expect(tab('Second').getAttribute('aria-disabled')).toBe('true')
    type('Name', 'Ada')
    await waitFor(() => expect(next.hasAttribute('disabled')).toBe(false))
    expect(tab('Third').getAttribute('aria-disabled')).toBe('true')
    act(() => next.click())
    expect(tab('Second').getAttribute('aria-selected')).toBe('true')
    expect(next.hasAttribute('disabled')).toBe(true)
    type('Mail', 'ada@example.com')
    await waitFor(() => expect(tab('Third').getAttribute('aria-disabled')).toBeNull())
  })
})
