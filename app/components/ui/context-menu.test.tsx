// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderUi } from '~/fields/testing/render'
import { ContextMenu, type ContextMenuItem, type ContextMenuPoint, placeMenu } from './context-menu'

const MENU = { width: 200, height: 120 }

function Harness({ items }: { items: ContextMenuItem[] }) {
  const [at, setAt] = useState<ContextMenuPoint | null>(null)
  return (
    <>
      <button type="button" onContextMenu={(e) => setAt({ x: e.clientX, y: e.clientY })}>
        row
      </button>
      <ContextMenu at={at} items={items} label="Row" onClose={() => setAt(null)} />
    </>
  )
}

describe('placeMenu', () => {
  const viewport = { width: 1000, height: 800 }

  it('opens at the pointer when it fits', () => {
    expect(placeMenu({ x: 100, y: 50 }, MENU, viewport)).toEqual({ x: 100, y: 50 })
  })

  it('moves left to stay within the viewport width, and above the pointer near the bottom', () => {
    expect(placeMenu({ x: 950, y: 50 }, MENU, viewport)).toEqual({ x: 792, y: 50 })
    expect(placeMenu({ x: 10, y: 750 }, MENU, viewport)).toEqual({ x: 10, y: 630 })
    expect(placeMenu({ x: 2, y: 2 }, MENU, { width: 150, height: 100 }).x).toBe(8)
  })
})

describe('context menu', () => {
  let root: HTMLElement
  beforeEach(() => {
    root = document.createElement('div')
    root.id = 'app-root'
    document.body.appendChild(root)
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 400 })
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 600 })
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
      () =>
        ({
          ...MENU,
          x: 0,
          y: 0,
          top: 0,
          left: 0,
          right: MENU.width,
          bottom: MENU.height,
          toJSON() {},
        }) as DOMRect,
    )
  })
  afterEach(() => {
    root.remove()
    vi.restoreAllMocks()
  })

  const items = (open = vi.fn(), copy = vi.fn()): ContextMenuItem[] => [
    { id: 'open', label: 'Open card', icon: <svg data-testid="icon" />, onAction: open },
    { id: 'copy', label: 'Copy key', onAction: copy },
  ]

  it('opens at the pointer inside #app-root, kept within the viewport width, with icons and texts', () => {
    renderUi(<Harness items={items()} />)
    fireEvent.contextMenu(screen.getByText('row'), { clientX: 350, clientY: 40 })
    const menu = screen.getByTestId('context-menu')
    expect(root.contains(menu)).toBe(true)
    expect(menu.style.left).toBe('192px')
    expect(menu.style.top).toBe('40px')
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Open card', 'Copy key'])
    expect(screen.getByTestId('icon')).toBeTruthy()
  })

  it('closes on a backdrop click without choosing', () => {
    const open = vi.fn()
    renderUi(<Harness items={items(open)} />)
    fireEvent.contextMenu(screen.getByText('row'), { clientX: 10, clientY: 10 })
    fireEvent.mouseDown(screen.getByTestId('context-backdrop'))
    expect(screen.queryByTestId('context-menu')).toBeNull()
    expect(open).not.toHaveBeenCalled()
  })

  it('closes on a choice, after running it', () => {
    const copy = vi.fn()
    renderUi(<Harness items={items(vi.fn(), copy)} />)
    fireEvent.contextMenu(screen.getByText('row'), { clientX: 10, clientY: 10 })
    fireEvent.click(screen.getByRole('menuitem', { name: 'Copy key' }))
    expect(copy).toHaveBeenCalledOnce()
    expect(screen.queryByTestId('context-menu')).toBeNull()
  })

  // (That the first option takes the focus when the menu opens is checked in Chromium,
  // tests/e2e/boards.spec.ts: jsdom does not move the focus the way react-aria asks.)
  it('is reachable by keyboard: arrows move, Enter chooses, Esc closes', async () => {
    const copy = vi.fn()
    renderUi(<Harness items={items(vi.fn(), copy)} />)
    fireEvent.contextMenu(screen.getByText('row'), { clientX: 10, clientY: 10 })
    await act(async () => {})
    const [first, second] = screen.getAllByRole('menuitem')
    act(() => first!.focus())
    fireEvent.keyDown(first!, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(second)
    fireEvent.keyDown(second!, { key: 'Enter' })
    fireEvent.keyUp(second!, { key: 'Enter' })
    expect(copy).toHaveBeenCalledOnce()
    expect(screen.queryByTestId('context-menu')).toBeNull()

    fireEvent.contextMenu(screen.getByText('row'), { clientX: 10, clientY: 10 })
    await act(async () => {})
    act(() => screen.getAllByRole('menuitem')[0]!.focus())
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(screen.queryByTestId('context-menu')).toBeNull()
  })
})
