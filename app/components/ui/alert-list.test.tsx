// @vitest-environment jsdom
import { act, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderUi } from '~/fields/testing/render'
import type { Toast } from '~/lib/toast'
import { AlertList } from './alert-list'

let n = 0
const toast = (text: string, type: Toast['type'] = 'success'): Toast => ({
  id: `t${++n}-${text}`,
  type,
  text,
})

const listed = () => Array.from(document.querySelectorAll('.alert-text')).map((el) => el.textContent)

// The root loader's data as it changes: each call is a new response (or the same one read again).
let respond: (toasts: Toast[]) => void = () => {}
function Root({ first }: { first: Toast[] }) {
  const [toasts, setToasts] = useState(first)
  respond = (next) => act(() => setToasts(next))
  return <AlertList toasts={toasts} />
}

describe('alert list', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it("shows a response's alerts newest first, each leaving after 5000 ms", () => {
    const first = [toast('one'), toast('two')]
    renderUi(<AlertList toasts={first} />)
    expect(listed()).toEqual(['two', 'one'])
    act(() => vi.advanceTimersByTime(4999))
    expect(listed()).toEqual(['two', 'one'])
    act(() => vi.advanceTimersByTime(1))
    expect(listed()).toEqual([])
  })

  it('stacks a later response on top; each keeps its own clock', () => {
    const a = toast('saved once')
    renderUi(<Root first={[a]} />)
    act(() => vi.advanceTimersByTime(2000))
    respond([toast('saved twice')])
    expect(listed()).toEqual(['saved twice', 'saved once'])
    act(() => vi.advanceTimersByTime(3000))
    expect(listed()).toEqual(['saved twice'])
    act(() => vi.advanceTimersByTime(2000))
    expect(listed()).toEqual([])
  })

  it('never shows the same alert twice (revalidated data, an empty flash)', () => {
    const a = toast('once')
    renderUi(<Root first={[a]} />)
    respond([])
    respond([{ ...a }])
    expect(listed()).toEqual(['once'])
    act(() => vi.advanceTimersByTime(5000))
    respond([{ ...a }])
    expect(listed()).toEqual([])
  })

  it('a remounted list skips what it showed before', () => {
    const a = toast('before')
    const { unmount } = renderUi(<AlertList toasts={[a]} />)
    unmount()
    renderUi(<AlertList toasts={[a, toast('after')]} />)
    expect(listed()).toEqual(['after'])
  })

  it('closes an alert on its button, leaving the others', () => {
    renderUi(<AlertList toasts={[toast('left', 'warning'), toast('closed', 'info')]} />)
    const close = screen.getAllByRole('button', { name: 'Close' })
    act(() => close[0]?.click())
    expect(listed()).toEqual(['left'])
  })
})
