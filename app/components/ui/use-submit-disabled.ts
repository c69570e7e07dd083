import { useCallback, useEffect, useRef, useState } from 'react'
import { useHydrated } from './use-hydrated'

/** What a form's validation answers (conform's `parseWithZod`, or a section's own parse). */
export interface ValidationResult {
  status?: string
  error?: Record<string, readonly string[] | null> | null
}
export type ValidateForm = (formData: FormData) => ValidationResult

/** The part of conform's form metadata this needs: its id, the errors it shows, its validate intent. */
export interface FormErrorsState {
  id: string
  allErrors: Record<string, readonly string[] | null | undefined>
  validate?: (payload: { name: string }) => void
}

const EMPTY: string[] = []

/** Names of the fields with errors in what the form holds now, by `validate`. */
export function errorNamesOf(formEl: HTMLFormElement, validate: ValidateForm): string[] {
  const result = validate(new FormData(formEl))
  if (result.status === 'success') return EMPTY
  return Object.entries(result.error ?? {})
    .filter(([name, codes]) => name !== '' && (codes?.length ?? 0) > 0)
    .map(([name]) => name)
}

/** Field errors the form shows (a field's client check, or the action's answer); not form-level ones. */
export function showsFieldErrors(allErrors: FormErrorsState['allErrors']): boolean {
  return shownErrorName(allErrors) !== undefined
}

function shownErrorName(allErrors: FormErrorsState['allErrors']): string | undefined {
  return Object.keys(allErrors).find((name) => name !== '' && (allErrors[name]?.length ?? 0) > 0)
}

/** The form field an event came from: a named input, select or textarea. */
function fieldName(target: Element | null): string | undefined {
  if (
    target instanceof HTMLInputElement ||
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement
  )
    return target.name || undefined
  return undefined
}

/** Whether a text-like field holds nothing but blanks (a checkbox or radio is never "emptied"). */
function isEmptyValue(target: Element | null): boolean {
  if (target instanceof HTMLInputElement && (target.type === 'checkbox' || target.type === 'radio'))
    return false
  const value = (target as HTMLInputElement | null)?.value
  return typeof value === 'string' && value.trim() === ''
}

const sameNames = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((name, i) => name === b[i])

/**
 * Spec §2: a form's Submit is disabled while the form has a validation error, and enabled again as
 * soon as it is fixed. The one place every conform form asks (`isDisabled={submit.disabled}`).
 *
 * - Errors the form shows disable it: a field the user left invalid, the fields a refused submit
 *   marked, the action's field errors (until that field is edited). Form-level errors (the upstream
 *   refused, try again) do not. While errors show, every edit checks the fields that show them
 *   again (conform's validate intent), so that none stays stale — a field fixed by another one's
 *   value (a group emptied field by field) — with Submit disabled and nothing left to blur.
 * - With `validate` (the generic form, whose spec says "disabled while the form is invalid"), the
 *   whole form is checked on every input, untouched fields included; `errorNames` lists the fields
 *   that fail (the generic form's tabs use them).
 *
 * - Every form, whatever its conform `shouldValidate`: a field the person empties is checked at once
 *   (so an emptied required field says 'Value is required' and Submit is disabled), and a field
 *   they edited is checked when they leave it.
 *
 * Only with JavaScript: before hydration the button stays enabled, so a form without it posts and
 * the action answers with the messages.
 */
export function useSubmitDisabled(
  form: FormErrorsState,
  validate?: ValidateForm,
): { disabled: boolean; errorNames: string[] } {
  const hydrated = useHydrated()
  const [errorNames, setErrorNames] = useState<string[]>(EMPTY)
  const formId = form.id
  const latest = useRef(form)
  latest.current = form

  const check = useCallback(() => {
    if (!validate) return
    const el = document.forms.namedItem(formId)
    if (!el) return
    const next = errorNamesOf(el, validate)
    setErrorNames((prev) => (sameNames(prev, next) ? prev : next))
  }, [formId, validate])

  useEffect(() => {
    if (!hydrated) return
    check()
    const refresh = () => {
      const { allErrors, validate: revalidate } = latest.current
      const shown = shownErrorName(allErrors)
      // Validating a field that already shows an error checks every such field, and no other.
      if (shown && revalidate) revalidate({ name: shown })
    }
    // Fields the person edited: leaving one checks it (conform's onBlur, for every form alike).
    const edited = new Set<string>()
    const checkField = (name: string) => {
      const { allErrors, validate: revalidate } = latest.current
      if (revalidate && !allErrors[name]?.length) revalidate({ name })
    }
    // Bubbling, after React's own handlers: a render between the capture and the bubble phase of an
    // input would put a controlled input's old value back before its onChange read the new one.
    const onEdit = (event: Event) => {
      const target = event.target as Element | null
      const owner = target instanceof HTMLFormElement ? target : (target as HTMLInputElement | null)?.form
      if (owner?.id !== formId) return
      // A reset puts the values back after its event.
      if (event.type === 'reset') {
        edited.clear()
        setTimeout(check)
        return
      }
      const name = fieldName(target)
      if (event.type === 'focusout') {
        if (name && edited.has(name)) setTimeout(() => checkField(name))
        return
      }
      check()
      // A person's edit only, after conform has taken it in: fields that tell conform of a new
      // value by dispatching an event themselves would otherwise answer every check with another.
      if (event.isTrusted) setTimeout(refresh)
      // The field being typed in (a control's own events go to its hidden input, never focused).
      if (!name || target !== document.activeElement) return
      edited.add(name)
      // Spec §5: a required field emptied says so at once (not only on submit), and Submit is
      // disabled by that message until the field is filled again.
      if (isEmptyValue(target)) setTimeout(() => checkField(name))
    }
    const events = ['input', 'change', 'reset', 'focusout'] as const
    for (const type of events) document.addEventListener(type, onEdit)
    return () => {
      for (const type of events) document.removeEventListener(type, onEdit)
    }
  }, [hydrated, check, formId])

  const shown = showsFieldErrors(form.allErrors)
  return { disabled: hydrated && (shown || errorNames.length > 0), errorNames }
}
