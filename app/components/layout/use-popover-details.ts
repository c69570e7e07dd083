import { useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'

/**
 * A <details> used as a popover (the profile menu, notifications, a main-menu list). Without
 * JavaScript it opens and closes on its summary; with it, it also closes when the page changes, on
 * a click elsewhere, and on Escape (focus back on its summary).
 */
export function usePopoverDetails() {
  const ref = useRef<HTMLDetailsElement>(null)
  const { key } = useLocation()

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every navigation (location.key)
  useEffect(() => {
    if (ref.current) ref.current.open = false
  }, [key])

  useEffect(() => {
    const onPointerDown = (e: PointerEvent) => {
      const el = ref.current
      if (el?.open && !el.contains(e.target as Node)) el.open = false
    }
    const onKeyDown = (e: KeyboardEvent) => {
      const el = ref.current
      if (e.key !== 'Escape' || !el?.open) return
      el.open = false
      el.querySelector('summary')?.focus()
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [])

  return ref
}
