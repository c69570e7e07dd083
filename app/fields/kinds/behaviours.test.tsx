// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderField } from '../testing/render'
import { clampProgress } from './progress'

describe('code', () => {
  const boxes = () => screen.getAllByTestId('code-box') as HTMLInputElement[]

  it('has 4 single-digit boxes and completes when all are filled', () => {
    const onComplete = vi.fn()
    renderField('code', { onComplete })
    expect(boxes()).toHaveLength(4)
    fireEvent.change(boxes()[0], { target: { value: '1' } })
    fireEvent.change(boxes()[1], { target: { value: 'x' } }) // letters never enter
    expect(boxes()[1].value).toBe('')
    fireEvent.change(boxes()[1], { target: { value: '2' } })
    fireEvent.change(boxes()[2], { target: { value: '3' } })
    expect(onComplete).not.toHaveBeenCalled()
    fireEvent.change(boxes()[3], { target: { value: '4' } })
    expect(onComplete).toHaveBeenCalledWith('1234')
    expect((document.querySelector('input[type="hidden"][name="cf_field"]') as HTMLInputElement).value).toBe(
      '1234',
    )
  })

  it('fills from a paste and takes its length from the definition', () => {
    const onComplete = vi.fn()
    renderField('code', { onComplete, settings: { length: 6 } })
    expect(boxes()).toHaveLength(6)
    fireEvent.paste(boxes()[0], { clipboardData: { getData: () => '12-34-56' } })
    expect(boxes().map((b) => b.value)).toEqual(['1', '2', '3', '4', '5', '6'])
    expect(onComplete).toHaveBeenCalledWith('123456')
  })
})

describe('progress', () => {
  it.each([
    [-5, 0],
    [42.4, 42],
    [150, 100],
    ['77', 77],
    ['x', 0],
  ])('clamps %j to %j', (raw, out) => {
    expect(clampProgress(raw)).toBe(out)
  })

  it('clamps what is typed and shows the bar at the value', () => {
    renderField('progress', { defaultValue: 250 })
    const input = screen.getByRole('textbox', { name: 'Field' }) as HTMLInputElement
    expect(input.value).toBe('100')
    fireEvent.change(input, { target: { value: '180' } })
    expect(input.value).toBe('100')
    fireEvent.change(input, { target: { value: '35' } })
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('35')
  })
})

describe('switch, checkbox and radio do nothing while disabled, read-only or loading (spec §4)', () => {
  const flags = [{ disabled: true }, { readonly: true }, { loading: true }]
  // jsdom toggles a disabled checkbox on a synthetic click (a browser does not): a disabled
  // input is checked by being disabled; read-only and loading ones by the click changing nothing.
  const clickOrDisabled = (input: HTMLInputElement) => {
    if (input.disabled) return
    fireEvent.click(input)
  }

  it.each(flags)('checkbox %j', (f) => {
    const onValueChange = vi.fn()
    renderField('checkbox', { ...f, onValueChange })
    const box = screen.getByRole('checkbox') as HTMLInputElement
    expect(box.disabled).toBe(Boolean(f.disabled))
    clickOrDisabled(box)
    expect(box.checked).toBe(false)
    expect(onValueChange).not.toHaveBeenCalled()
  })

  it.each(flags)('switch %j', (f) => {
    renderField('switch', { ...f, defaultValue: true })
    const sw = screen.getByRole('switch') as HTMLInputElement
    expect(sw.disabled).toBe(Boolean(f.disabled))
    clickOrDisabled(sw)
    expect(sw.checked).toBe(true)
  })

  it.each(flags)('radio %j', (f) => {
    renderField('radio', {
      ...f,
      settings: {
        options: [
          { title: 'A', value: 'a' },
          { title: 'B', value: 'b' },
        ],
      },
    })
    fireEvent.click(screen.getByRole('radio', { name: 'B' }))
    expect((screen.getByRole('radio', { name: 'B' }) as HTMLInputElement).checked).toBe(false)
  })

  it('and toggle when editable', () => {
    const onValueChange = vi.fn()
    renderField('checkbox', { onValueChange })
    fireEvent.click(screen.getByRole('checkbox'))
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true)
    expect(onValueChange).toHaveBeenCalledWith('on')
  })
})

describe('error list (spec §5: only with errors, and only when editable)', () => {
  const list = () => document.querySelector('.ff-errors')

  it('lists translated errors with the field’s limits', () => {
    renderField('text', { errors: ['validation.max_length'], settings: { max_length: 5 } })
    expect(list()?.textContent).toBe('The maximum length allowed is 5')
    expect(screen.getByRole('textbox').getAttribute('aria-describedby')).toContain('f-errors')
  })

  it.each([{ disabled: true }, { readonly: true }])('none while %j', (f) => {
    renderField('text', { errors: ['validation.required'], ...f })
    expect(list()).toBeNull()
  })

  it('none without errors', () => {
    renderField('email', { errors: [] })
    expect(list()).toBeNull()
  })
})

describe('clear button (spec §5: clearable, non-empty, editable)', () => {
  const clear = () => screen.queryByTestId('field-clear')

  it('clears a clearable field with a value, then goes', () => {
    const onValueChange = vi.fn()
    renderField('text', { clearable: true, defaultValue: 'abc', onValueChange })
    act(() => clear()!.click())
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('')
    expect(onValueChange).toHaveBeenCalledWith('')
    expect(clear()).toBeNull()
  })

  it.each([
    [{ defaultValue: 'abc' }],
    [{ clearable: true }],
    [{ clearable: true, defaultValue: 'abc', disabled: true }],
    [{ clearable: true, defaultValue: 'abc', readonly: true }],
  ])('is absent for %j', (props) => {
    renderField('text', props)
    expect(clear()).toBeNull()
  })
})

describe('json', () => {
  it("says 'Invalid JSON' when the text is not JSON, and stops when it is", () => {
    renderField('json')
    const area = screen.getByRole('textbox', { name: 'Field' })
    fireEvent.change(area, { target: { value: '{"a": 1,' } })
    fireEvent.blur(area)
    expect(document.querySelector('.ff-errors')?.textContent).toBe('Invalid JSON')
    fireEvent.change(area, { target: { value: '{"a": 1}' } })
    expect(document.querySelector('.ff-errors')).toBeNull()
  })

  it('shows a stored object as JSON text', () => {
    renderField('json', { defaultValue: { a: 1 } })
    expect((screen.getByRole('textbox', { name: 'Field' }) as HTMLTextAreaElement).value).toBe(
      '{\n  "a": 1\n}',
    )
  })
})

describe('qrcode', () => {
  it('draws a code for text and a placeholder without', () => {
    renderField('qrcode', { defaultValue: 'hello' })
    expect(screen.getByTestId('qr-image').querySelector('path')?.getAttribute('d')).toMatch(/^M\d/)
    const input = screen.getByRole('textbox', { name: 'Field' })
    fireEvent.change(input, { target: { value: '  ' } })
    expect(screen.queryByTestId('qr-image')).toBeNull()
    expect(screen.getByTestId('qr-placeholder')).toBeTruthy()
  })
})

describe('checkbox agreement', () => {
  it('links the brace-marked part of its label', () => {
    renderField('checkbox', { label: 'I accept {the terms}', settings: { link: '/terms' } })
    const link = screen.getByRole('link', { name: 'the terms' })
    expect(link.getAttribute('href')).toBe('/terms')
    expect(link.parentElement?.textContent).toBe('I accept the terms')
  })
})
