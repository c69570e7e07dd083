// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderField } from '../testing/render'
import { COPY_CONFIRM_MS } from './text-copy'

const input = () => screen.getByRole('textbox', { name: 'Field' }) as HTMLInputElement
const type = (value: string) => fireEvent.change(input(), { target: { value } })

describe('number', () => {
  it('keeps digits only, typed or pasted', () => {
    renderField('number')
    type('12a3-4.5')
    expect(input().value).toBe('12345')
    type('abc')
    expect(input().value).toBe('')
  })
})

describe('phone', () => {
  it('masks as +7 (###) ###-##-##', () => {
    renderField('phone')
    type('9161234567')
    expect(input().value).toBe('+7 (916) 123-45-67')
    type('89161234567')
    expect(input().value).toBe('+7 (916) 123-45-67')
  })

  it("turns a lone '+0' into '+'", () => {
    renderField('phone')
    type('+0')
    expect(input().value).toBe('+')
  })
})

describe('text_copy', () => {
  it('shows the check icon for 2 s after copying', async () => {
    vi.useFakeTimers()
    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    renderField('text_copy', { defaultValue: 'ABC-123' })
    await act(async () => {
      fireEvent.click(screen.getByTestId('field-copy'))
    })
    expect(writeText).toHaveBeenCalledWith('ABC-123')
    expect(screen.getByTestId('copy-check')).toBeTruthy()
    act(() => vi.advanceTimersByTime(COPY_CONFIRM_MS - 10))
    expect(screen.queryByTestId('copy-check')).not.toBeNull()
    act(() => vi.advanceTimersByTime(20))
    expect(screen.queryByTestId('copy-check')).toBeNull()
    vi.useRealTimers()
  })
})
