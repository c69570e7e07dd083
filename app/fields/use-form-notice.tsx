import { useEffect, useRef } from 'react'

/**
 * A hidden input whose value React changes fires no event, so a form (conform) would not notice
 * the change. This tells it: after a render that changed `value`, the input dispatches bubbling
 * `input` and `focusout` events, as typing into it and leaving would. The first render (the
 * initial value) stays quiet.
 */
export function useFormNotice<T extends HTMLElement>(value: unknown) {
  const ref = useRef<T>(null)
  const first = useRef(true)
  const key = JSON.stringify(value)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the value, compared as text
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    // input: the form revalidates; focusout: it counts the field as visited (the hidden input is
    // never focused), so its errors show as a typed field's do after the user leaves it.
    ref.current?.dispatchEvent(new Event('input', { bubbles: true }))
    ref.current?.dispatchEvent(new FocusEvent('focusout', { bubbles: true }))
  }, [key])
  return ref
}

/**
 * For fields posting several inputs (or none, when empty): a disabled hidden input under the
 * field's name that posts nothing and only carries the `input` event to the form, so the form
 * knows which field changed.
 */
export function FormNotice({ name, value }: { name: string; value: unknown }) {
  const ref = useFormNotice<HTMLInputElement>(value)
  return <input type="hidden" name={name} disabled ref={ref} data-notice="" />
}
