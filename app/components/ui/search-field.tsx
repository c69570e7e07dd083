import { useEffect, useRef, useState } from 'react'
import { Button as AriaButton } from 'react-aria-components/Button'
import { Label } from 'react-aria-components/CheckboxGroup'
import { Input } from 'react-aria-components/ColorField'
import { SearchField as AriaSearchField } from 'react-aria-components/SearchField'
import { useTranslation } from 'react-i18next'
import { CloseIcon, SearchIcon } from './icons'

/** Spec §9: the general debounce, 400 ms. */
export const SEARCH_DEBOUNCE_MS = 400

interface SearchFieldProps {
  name: string
  label: string
  /** The value the page was given (the URL's); the field follows it when it changes from outside. */
  defaultValue?: string
  placeholder?: string
  /** With JavaScript: called once typing pauses for `debounceMs` (and at once when cleared with Esc or ×). */
  onDebouncedChange?: (value: string) => void
  debounceMs?: number
  maxLength?: number
}

/**
 * A search box (react-aria SearchField): a native `<input type="search">` with a name, so a GET form
 * around it works without JavaScript (Enter submits). With JavaScript it also reports what was typed
 * after a pause, and has a clear button.
 */
export function SearchField({
  name,
  label,
  defaultValue = '',
  placeholder,
  onDebouncedChange,
  debounceMs = SEARCH_DEBOUNCE_MS,
  maxLength,
}: SearchFieldProps) {
  const { t } = useTranslation()
  const [value, setValue] = useState(defaultValue)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  // What this field last reported: a new defaultValue that differs came from elsewhere (back button).
  const reported = useRef(defaultValue)

  useEffect(() => {
    if (defaultValue !== reported.current) {
      reported.current = defaultValue
      setValue(defaultValue)
    }
  }, [defaultValue])
  useEffect(() => () => clearTimeout(timer.current), [])

  const report = (next: string, delay: number) => {
    clearTimeout(timer.current)
    if (!onDebouncedChange) return
    timer.current = setTimeout(() => {
      if (next === reported.current) return
      reported.current = next
      onDebouncedChange(next)
    }, delay)
  }

  return (
    <AriaSearchField
      name={name}
      value={value}
      onChange={(next) => {
        setValue(next)
        report(next, next === '' ? 0 : debounceMs)
      }}
      onSubmit={() => clearTimeout(timer.current)}
      className="search-field"
      aria-label={label}
    >
      <Label className="visually-hidden">{label}</Label>
      <SearchIcon className="search-field-icon" width={15} height={15} />
      <Input className="input search-field-input" placeholder={placeholder} maxLength={maxLength} />
      <AriaButton className="search-field-clear" aria-label={t('search.clear')}>
        <CloseIcon width={14} height={14} />
      </AriaButton>
    </AriaSearchField>
  )
}
