import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components/Button'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost'

interface ButtonProps extends AriaButtonProps {
  variant?: ButtonVariant
  size?: 'md' | 'sm'
  /** Native form fields, posted without JavaScript. */
  name?: string
  value?: string
}

/** react-aria's Button (a real <button>, so forms post without JavaScript) in the house style. */
export function Button({ variant = 'primary', size = 'md', className, ...props }: ButtonProps) {
  const classes = [
    'button',
    `button-${variant}`,
    size === 'sm' ? 'button-sm' : '',
    typeof className === 'string' ? className : '',
  ]
    .filter(Boolean)
    .join(' ')
  return <AriaButton {...props} className={classes} />
}
