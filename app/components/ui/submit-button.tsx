import type { ReactNode } from 'react'

interface SubmitButtonProps {
  children: ReactNode
  isPending?: boolean
  className?: string
}

/**
 * A plain submit button in the house style, for pages that must not load react-aria (the sign-in
 * page's JavaScript budget). While pending it stays focusable but inert, as react-aria's does.
 */
export function SubmitButton({ children, isPending, className }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={['button', 'button-primary', className].filter(Boolean).join(' ')}
      aria-disabled={isPending || undefined}
      data-pending={isPending || undefined}
      onClick={isPending ? (e) => e.preventDefault() : undefined}
    >
      {children}
    </button>
  )
}
