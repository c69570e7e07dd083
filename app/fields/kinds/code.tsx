import { type ClipboardEvent, type KeyboardEvent, useRef, useState } from 'react'
import { Input } from 'react-aria-components/ColorField'
import { useHydrated } from '~/components/ui/use-hydrated'
import { errorIdOf, FieldFrame } from '../field-frame'
import { showsErrors } from '../flags'
import type { FieldProps } from '../types'
import { useFieldsT } from '../use-fields-t'
import { useFormNotice } from '../use-form-notice'
import { textOf } from '../values'

/** How many boxes: the definition's `length`, 4 by default (spec §5). */
export const codeLength = (n: unknown) => (typeof n === 'number' && n > 0 ? n : 4)

const digitsOf = (s: string, n: number) => s.replace(/\D/g, '').slice(0, n)

/**
 * code: one box per digit (spec §5). Typing fills a box and moves on, Backspace on an empty box
 * goes back, a paste fills from the box it lands in; `onComplete` fires when every box is filled.
 * Without JavaScript: one input for the whole code.
 */
export function CodeField(props: FieldProps) {
  const { def, name, id, label, errors } = props
  const n = codeLength(def.settings.length)
  const hydrated = useHydrated()
  const initial = digitsOf(textOf(props.defaultValue), n)
  if (!hydrated)
    return (
      <FieldFrame id={id} label={label} type={def.type} flags={props} errors={errors} def={def}>
        <input
          id={id}
          name={name}
          className="input ff-code-single"
          defaultValue={initial}
          inputMode="numeric"
          pattern={`[0-9]{${n}}`}
          maxLength={n}
          autoComplete="one-time-code"
          disabled={props.disabled}
          readOnly={props.readonly || props.loading}
          aria-invalid={showsErrors(errors, props) || undefined}
        />
      </FieldFrame>
    )
  return <CodeBoxes {...props} n={n} initial={initial} />
}

function CodeBoxes(props: FieldProps & { n: number; initial: string }) {
  const { def, name, id, label, errors, n } = props
  const { t } = useFieldsT()
  const [digits, setDigits] = useState(() => Array.from({ length: n }, (_, i) => props.initial[i] ?? ''))
  const boxes = useRef<(HTMLInputElement | null)[]>([])
  const value = digits.join('')
  const hidden = useFormNotice<HTMLInputElement>(value)
  const locked = props.disabled || props.readonly || props.loading
  const invalid = showsErrors(errors, props)

  const update = (next: string[], focus?: number) => {
    setDigits(next)
    const code = next.join('')
    props.onValueChange?.(code)
    if (focus !== undefined) boxes.current[Math.min(focus, n - 1)]?.focus()
    if (next.every((d) => d !== '')) props.onComplete?.(code)
  }
  const type = (i: number, raw: string) => {
    // A box holding a digit and typed into again: the new digit replaces it.
    const all = raw.replace(/\D/g, '')
    const typed = digits[i] && all.length === 2 ? all.replace(digits[i], '') || digits[i] : all
    if (raw === '') return update(digits.map((d, j) => (j === i ? '' : d)))
    if (!typed) return // letters never enter a box
    const next = [...digits]
    for (const [k, d] of [...typed.slice(-(n - i))].entries()) next[i + k] = d
    update(next, i + Math.min(typed.length, n - i))
  }
  const keyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && digits[i] === '' && i > 0) {
      e.preventDefault()
      update(
        digits.map((d, j) => (j === i - 1 ? '' : d)),
        i - 1,
      )
    } else if (e.key === 'ArrowLeft' && i > 0) boxes.current[i - 1]?.focus()
    else if (e.key === 'ArrowRight' && i < n - 1) boxes.current[i + 1]?.focus()
  }
  const paste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault()
    type(i, e.clipboardData.getData('text'))
  }
  return (
    <FieldFrame id={id} label={label} type={def.type} flags={props} errors={errors} def={def} group>
      <input type="hidden" name={name} value={value} ref={hidden} disabled={props.disabled} />
      <div className="ff-code">
        {digits.map((d, i) => (
          <Input
            // biome-ignore lint/suspicious/noArrayIndexKey: a box is its position
            key={i}
            id={i === 0 ? id : `${id}-${i}`}
            ref={(el) => {
              boxes.current[i] = el
            }}
            className="input ff-code-box"
            value={d}
            inputMode="numeric"
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            aria-label={t('fields.code.digit', { n: i + 1, count: n })}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? errorIdOf(id) : undefined}
            disabled={props.disabled}
            readOnly={locked}
            onChange={(e) => !locked && type(i, e.target.value)}
            onKeyDown={(e) => !locked && keyDown(i, e)}
            onPaste={(e) => !locked && paste(i, e)}
            onFocus={(e) => e.target.select()}
            data-testid="code-box"
          />
        ))}
      </div>
    </FieldFrame>
  )
}
