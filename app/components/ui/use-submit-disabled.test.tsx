// @vitest-environment jsdom
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { showsFieldErrors, useSubmitDisabled } from './use-submit-disabled'

afterEach(cleanup)

const schema = z.object({
  name: z.string({ required_error: 'required' }),
  email: z.string().email('email').optional(),
})
const validate = (formData: FormData) => parseWithZod(formData, { schema })

/** A conform form as the app's are: errors on leaving a field, revalidated on input. */
function Profile({ whole }: { whole?: boolean }) {
  const [form, fields] = useForm({
    id: 'p',
    defaultValue: { name: '', email: '' },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => validate(formData),
  })
  const submit = useSubmitDisabled(form, whole ? validate : undefined)
  return (
    <form {...getFormProps(form)}>
      <input aria-label="Name" {...getInputProps(fields.name, { type: 'text' })} key={fields.name.key} />
      <input aria-label="Email" {...getInputProps(fields.email, { type: 'text' })} key={fields.email.key} />
      <p data-testid="errors">{Object.values(form.allErrors).flat().join(',')}</p>
      <button type="submit" disabled={submit.disabled}>
        Save
      </button>
    </form>
  )
}

/** An admin form as they are: conform checks only on submit, the shared hook does the rest. */
function OnSubmitOnly() {
  const [form, fields] = useForm({
    id: 'q',
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => validate(formData),
  })
  const submit = useSubmitDisabled(form)
  return (
    <form {...getFormProps(form)}>
      <input aria-label="Name" {...getInputProps(fields.name, { type: 'text' })} key={fields.name.key} />
      <input aria-label="Email" {...getInputProps(fields.email, { type: 'text' })} key={fields.email.key} />
      <p data-testid="errors">{Object.values(form.allErrors).flat().join(',')}</p>
      <button type="submit" disabled={submit.disabled}>
        Save
      </button>
    </form>
  )
}

const field = (name: string) => screen.getByRole('textbox', { name })
const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement
const type = (name: string, value: string) =>
  act(() => {
    field(name).focus()
    fireEvent.input(field(name), { target: { value } })
  })

describe('useSubmitDisabled', () => {
  it('disables Submit while the form shows a field error, and enables it once fixed', async () => {
    render(<Profile />)
    type('Name', 'Ada')
    // Untouched and valid: enabled.
    await waitFor(() => expect(save().disabled).toBe(false))
    type('Email', 'not-an-email')
    act(() => {
      fireEvent.blur(field('Email'))
      fireEvent.focusOut(field('Email'))
    })
    await waitFor(() => expect(screen.getByTestId('errors').textContent).toBe('email'))
    expect(save().disabled).toBe(true)
    type('Email', 'ada@example.com')
    await waitFor(() => expect(save().disabled).toBe(false))
  })

  it('with the form’s validation, an untouched invalid field disables it too', async () => {
    render(<Profile whole />)
    await waitFor(() => expect(save().disabled).toBe(true))
    expect(screen.getByTestId('errors').textContent).toBe('')
    type('Name', 'Ada')
    await waitFor(() => expect(save().disabled).toBe(false))
  })

  it('a required field emptied says so at once and disables Submit, whatever the form’s own mode', async () => {
    render(<OnSubmitOnly />)
    await waitFor(() => expect(save().disabled).toBe(false))
    type('Name', 'Ada')
    expect(screen.getByTestId('errors').textContent).toBe('')
    type('Name', '')
    await waitFor(() => expect(screen.getByTestId('errors').textContent).toBe('required'))
    expect(save().disabled).toBe(true)
    type('Name', 'Ada')
    await waitFor(() => expect(save().disabled).toBe(false))
    expect(screen.getByTestId('errors').textContent).toBe('')
  })

  it('checks a field the person edited when they leave it, not one they only passed through', async () => {
    render(<OnSubmitOnly />)
    act(() => {
      fireEvent.focusOut(field('Name'))
    })
    type('Email', 'not-an-email')
    // Typing is not interrupted by a message …
    await new Promise((r) => setTimeout(r, 20))
    expect(screen.getByTestId('errors').textContent).toBe('')
    act(() => {
      fireEvent.focusOut(field('Email'))
    })
    // … leaving the field shows it; the untouched Name stays quiet.
    await waitFor(() => expect(screen.getByTestId('errors').textContent).toBe('email'))
    expect(save().disabled).toBe(true)
  })

  it('counts field errors, not the form-level ones (a refused save may be tried again)', () => {
    expect(showsFieldErrors({ '': ['users.user_not_edited'] })).toBe(false)
    expect(showsFieldErrors({ email: [] })).toBe(false)
    expect(showsFieldErrors({ 'contacts.email': ['value_error.email'] })).toBe(true)
  })
})
