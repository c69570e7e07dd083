import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Menu, MenuItem } from 'react-aria-components/Menu'
import { createPortal } from 'react-dom'

/*
 * The context dropdown (spec §2 Forms, §4, §9): it opens at the pointer (a right click, or under a
 * ⋯ button), stays within the viewport's width, lists options with an optional icon and text,
 * closes on a backdrop click, on Esc or on a choice, and mounts in the element with id `app-root`
 * (spec §9). react-aria's Menu gives it the keyboard: arrows, Home/End, Enter, typeahead; the
 * focus goes into the menu when it opens and back where it was when it closes.
 */

export interface ContextMenuItem {
  id: string
  label: string
  icon?: ReactNode
  onAction: () => void
  /** A destructive choice (shown in the danger colour). */
  danger?: boolean
}

export interface ContextMenuPoint {
  x: number
  y: number
}

interface ContextMenuProps {
  /** Where it opens (viewport coordinates); null: closed. */
  at: ContextMenuPoint | null
  items: ContextMenuItem[]
  label: string
  onClose: () => void
}

/** Space kept between the menu and the viewport's edges. */
export const VIEWPORT_GAP = 8

/** The menu's top-left corner: at the point, moved left or up so that it fits in the viewport. */
export function placeMenu(
  at: ContextMenuPoint,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
): ContextMenuPoint {
  const maxX = viewport.width - size.width - VIEWPORT_GAP
  const x = Math.max(VIEWPORT_GAP, Math.min(at.x, maxX))
  // Below the pointer when it fits, above it when not, pinned to the top edge as a last resort.
  const y =
    at.y + size.height + VIEWPORT_GAP <= viewport.height ? at.y : Math.max(VIEWPORT_GAP, at.y - size.height)
  return { x, y }
}

export function ContextMenu({ at, items, label, onClose }: ContextMenuProps) {
  const [container, setContainer] = useState<Element | null>(null)
  useEffect(() => setContainer(document.getElementById('app-root') ?? document.body), [])
  if (!at || !container || items.length === 0) return null
  return createPortal(<OpenMenu at={at} items={items} label={label} onClose={onClose} />, container)
}

function OpenMenu({ at, items, label, onClose }: ContextMenuProps & { at: ContextMenuPoint }) {
  const ref = useRef<HTMLDivElement>(null)
  const [place, setPlace] = useState<ContextMenuPoint | null>(null)

  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const rect = el.getBoundingClientRect()
    setPlace(
      placeMenu(
        at,
        { width: rect.width || el.offsetWidth, height: rect.height || el.offsetHeight },
        { width: window.innerWidth, height: window.innerHeight },
      ),
    )
  }, [at])

  // Back to where the focus was (the row, the ⋯ button) when the menu goes away.
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null
    const close = () => onClose()
    window.addEventListener('resize', close)
    window.addEventListener('blur', close)
    return () => {
      window.removeEventListener('resize', close)
      window.removeEventListener('blur', close)
      previous?.focus?.()
    }
  }, [onClose])

  const byId = new Map(items.map((item) => [item.id, item]))
  return (
    <>
      <div
        className="context-backdrop"
        data-testid="context-backdrop"
        onMouseDown={(e) => {
          e.preventDefault()
          onClose()
        }}
        onContextMenu={(e) => {
          e.preventDefault()
          onClose()
        }}
      />
      <div
        ref={ref}
        className="context-menu"
        style={{
          // Placed before the browser paints (a layout effect); never hidden meanwhile, so the
          // first option can take the focus.
          left: place?.x ?? at.x,
          top: place?.y ?? at.y,
        }}
        data-testid="context-menu"
        onKeyDown={(e) => {
          if (e.key === 'Escape' || e.key === 'Tab') {
            e.preventDefault()
            onClose()
          }
        }}
      >
        <Menu
          aria-label={label}
          autoFocus="first"
          className="context-menu-list"
          onAction={(key) => {
            const item = byId.get(String(key))
            onClose()
            item?.onAction()
          }}
        >
          {items.map((item) => (
            <MenuItem
              key={item.id}
              id={item.id}
              textValue={item.label}
              className="context-menu-item"
              data-danger={item.danger || undefined}
            >
              {item.icon ? (
                <span className="context-menu-icon" aria-hidden="true">
                  {item.icon}
                </span>
              ) : null}
              <span className="context-menu-text">{item.label}</span>
            </MenuItem>
          ))}
        </Menu>
      </div>
    </>
  )
}
