// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderField } from '../../testing/render'

const region = () => screen.getByRole('textbox', { name: /^Field/ }) // loading adds its mark to the label
const hidden = () => document.querySelector('input[type="hidden"][name="cf_field"]') as HTMLInputElement
const button = (name: string) => screen.getByRole('button', { name })
const LABELS = ['Bold', 'Italic', 'Underline', 'Bulleted list', 'Numbered list', 'Link', 'Clear formatting']

describe('editor', () => {
  afterEach(() => {
    delete (document as { execCommand?: unknown }).execCommand
  })

  it('is a labelled multi-line box under a toolbar of labelled buttons', () => {
    renderField('editor', { defaultValue: '<p>Rich <b>text</b><script>x()</script></p>' })
    expect(region().getAttribute('contenteditable')).toBe('true')
    expect(region().getAttribute('aria-multiline')).toBe('true')
    expect(region().innerHTML).toBe('<p>Rich <b>text</b></p>')
    expect(hidden().value).toBe('<p>Rich <b>text</b></p>')
    expect(screen.getByRole('toolbar', { name: 'Formatting: Field' })).toBeTruthy()
    for (const name of LABELS) expect(button(name).hasAttribute('disabled')).toBe(false)
    for (const name of LABELS.slice(0, 6)) expect(button(name).getAttribute('aria-pressed')).toBe('false')
    expect(button('Clear formatting').hasAttribute('aria-pressed')).toBe(false)
  })

  it.each([
    ['readonly', { readonly: true }],
    ['disabled', { disabled: true }],
    ['loading', { loading: true }],
  ])('is not editable while %s, its toolbar disabled', (_, flags) => {
    renderField('editor', { defaultValue: '<p>x</p>', ...flags })
    expect(region().getAttribute('contenteditable')).toBe('false')
    for (const name of LABELS) expect(button(name).hasAttribute('disabled')).toBe(true)
  })

  it('keeps the hidden input in step with what is typed, cleaned, and tells the form', () => {
    const onValueChange = vi.fn()
    renderField('editor', { onValueChange })
    const form = screen.getByRole('form')
    const heard = vi.fn()
    form.addEventListener('input', (e) => heard((e.target as HTMLInputElement).name))
    region().innerHTML = '<p onclick="x()">Hello <b>world</b><img src=x onerror=alert(1)></p>'
    fireEvent.input(region())
    expect(hidden().value).toBe('<p>Hello <b>world</b></p>')
    expect(onValueChange).toHaveBeenLastCalledWith('<p>Hello <b>world</b></p>')
    expect(heard).toHaveBeenCalledWith('cf_field')
  })

  it('shows errors and points at them', () => {
    renderField('editor', { errors: ['validation.required'] })
    expect(region().getAttribute('aria-invalid')).toBe('true')
    const describedBy = region().getAttribute('aria-describedby') ?? ''
    expect(document.getElementById(describedBy)?.textContent).toBeTruthy()
  })

  it('runs the browser commands from the buttons and Ctrl/Cmd+B/I/U', () => {
    const execCommand = vi.fn(() => true)
    ;(document as { execCommand?: unknown }).execCommand = execCommand
    renderField('editor')
    fireEvent.click(button('Bold'))
    expect(execCommand).toHaveBeenLastCalledWith('bold', false, undefined)
    fireEvent.click(button('Numbered list'))
    expect(execCommand).toHaveBeenLastCalledWith('insertOrderedList', false, undefined)
    fireEvent.keyDown(region(), { key: 'i', ctrlKey: true })
    expect(execCommand).toHaveBeenLastCalledWith('italic', false, undefined)
    fireEvent.keyDown(region(), { key: 'U', metaKey: true })
    expect(execCommand).toHaveBeenLastCalledWith('underline', false, undefined)
  })

  it('cleans pasted HTML before inserting it', () => {
    const execCommand = vi.fn(() => true)
    ;(document as { execCommand?: unknown }).execCommand = execCommand
    renderField('editor')
    fireEvent.paste(region(), {
      clipboardData: {
        getData: (type: string) =>
          type === 'text/html' ? '<div style="x"><b onclick="y()">a</b><script>z()</script></div>' : 'a',
      },
    })
    expect(execCommand).toHaveBeenCalledWith('insertHTML', false, '<b>a</b>')
  })
})
