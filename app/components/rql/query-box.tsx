import type { FieldDefinition } from '@domain/fields/types'
import {
  type Completion,
  checkQueryText,
  completeAt,
  queryFields,
  tokenize,
  type Vocabulary,
} from '@domain/rql'
import { type KeyboardEvent, type ReactNode, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from '../ui/use-hydrated'
import { liveErrors, type ShownRqlError, widenToToken } from './errors'
import { QueryExcerpt } from './query-excerpt'

export interface QueryBoxProps {
  id: string
  name: string
  label: ReactNode
  /** The text the page was rendered with (the form's value, the URL's `q`). */
  initial: string
  /** What the server said of `initial` (its own check or the upstream's 422): shown until the text changes. */
  serverErrors: readonly ShownRqlError[]
  /** The node's custom fields: the keys a query may use beyond the system ones. */
  custom: readonly FieldDefinition[]
  /** Re-mounts the textarea with `initial` when it changes (a new answer of the form). */
  resetKey?: string
  hint?: string
  placeholder?: string
  maxLength?: number
  rows?: number
  /** Said when the live check finds nothing wrong, and when the box is empty. */
  okText: string
  emptyText: string
  /**
   * Values to complete (statuses, people… by key): with it the box offers keys, operators, values
   * and keywords as one types (domain/rql completeAt). Without it, no completion.
   */
  vocabulary?: Vocabulary
  /** Enter (without Shift) submits the form: a search box, where a new line is rarely meant. */
  submitOnEnter?: boolean
  className?: string
}

/**
 * The task query (PRODUCT.md §6) with its highlighting and a live check of its syntax, both from
 * domain/rql — the same parser and checker the upstream runs. A textarea under a coloured copy of
 * its text (the copy is what shows, the textarea keeps the caret); an error is underlined and
 * told below with its position, as it is typed. Without JavaScript it is a plain textarea, and the
 * server's answer is shown under it with the query's text, the faulty part marked.
 * Used by the widget editor (admin-boards/query-editor.tsx) and the search page (/lk/tasks).
 */
export function QueryBox(props: QueryBoxProps) {
  const { id, name, label, initial, serverErrors, custom, hint, placeholder, maxLength } = props
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [text, setText] = useState(initial)
  const [edited, setEdited] = useState(false)
  const back = useRef<HTMLPreElement>(null)
  const input = useRef<HTMLTextAreaElement>(null)
  const [completion, setCompletion] = useState<Completion | null>(null)
  const [active, setActive] = useState(-1)
  const fields = useMemo(() => queryFields(custom), [custom])
  const listId = `${id}-completion`
  const suggest = (value: string, caret: number) => {
    setCompletion(props.vocabulary ? completeAt(value, caret, fields, props.vocabulary) : null)
    setActive(-1)
  }
  const accept = (index: number) => {
    const el = input.current
    const item = completion?.items[index]
    if (!el || !completion || !item) return
    const after = el.value.slice(completion.to)
    // A space after a whole key, operator or value, so the next suggestion follows at once.
    const gap = /^\s/.test(after) ? '' : ' '
    const value = `${el.value.slice(0, completion.from)}${item.insert}${gap}${after}`
    const caret = completion.from + item.insert.length + gap.length
    el.value = value
    el.setSelectionRange(caret, caret)
    setText(value)
    setEdited(true)
    suggest(value, caret)
  }
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.nativeEvent.isComposing) return
    const count = completion?.items.length ?? 0
    if (count > 0) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault()
        setActive((i) => (e.key === 'ArrowDown' ? (i + 1) % count : i <= 0 ? count - 1 : i - 1))
        return
      }
      if (e.key === 'Escape') {
        e.preventDefault()
        setCompletion(null)
        return
      }
      // Tab takes the first suggestion unless one is chosen; Enter only a chosen one (else it searches).
      if (e.key === 'Tab' && !e.shiftKey) {
        e.preventDefault()
        accept(Math.max(0, active))
        return
      }
      if (e.key === 'Enter' && active >= 0) {
        e.preventDefault()
        accept(active)
        return
      }
    }
    if (!props.submitOnEnter || e.key !== 'Enter' || e.shiftKey) return
    e.preventDefault()
    setCompletion(null)
    e.currentTarget.form?.requestSubmit()
  }
  const open = hydrated && completion !== null && completion.items.length > 0
  const tokens = useMemo(() => tokenize(text), [text])
  const live = useMemo<ShownRqlError[]>(() => {
    if (!text.trim()) return []
    const checked = checkQueryText(text.trim(), custom)
    return checked.ok ? [] : liveErrors(text, checked.errors)
  }, [text, custom])
  // The server's answer stands while the text is the one it answered; once it changes, the live
  // check speaks. What the browser's check does not say is the upstream's (a status that does not
  // exist): it stands beside the live check for as long as the text is still the one answered.
  const answered = useMemo(() => serverErrors.map((e) => widenToToken(initial, e)), [serverErrors, initial])
  const server = answered.filter(
    (e) => text === initial && !live.some((l) => l.message === e.message && l.position === e.position),
  )
  const errors = hydrated && edited ? [...live, ...server] : answered
  const underline = errors.find((e) => e.position !== undefined)
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  return (
    <div className={['field', 'query-field', props.className].filter(Boolean).join(' ')}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className={`query-editor${hydrated ? ' query-editor-live' : ''}`}>
        {hydrated ? (
          <pre ref={back} className="query-highlight" aria-hidden="true">
            {tokens.map((tok) => {
              const bad =
                underline?.position !== undefined &&
                tok.span.end > underline.position &&
                tok.span.start < Math.max(underline.end ?? 0, underline.position + 1)
              return (
                <span key={tok.span.start} className={`rql-${tok.kind}${bad ? ' rql-bad' : ''}`}>
                  {tok.text}
                </span>
              )
            })}
            {/* A last line break shows in a textarea but not in a pre without something after it. */}
            {'\n'}
          </pre>
        ) : null}
        <textarea
          key={props.resetKey}
          ref={input}
          id={id}
          name={name}
          className="input textarea query-input"
          rows={props.rows ?? 3}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          placeholder={placeholder}
          defaultValue={initial}
          maxLength={maxLength}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={
            [errors.length > 0 ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined
          }
          aria-autocomplete={props.vocabulary ? 'list' : undefined}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          data-testid="query-input"
          onInput={(e) => {
            setText(e.currentTarget.value)
            setEdited(true)
            suggest(e.currentTarget.value, e.currentTarget.selectionStart)
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setCompletion(null)}
          onScroll={(e) => {
            if (back.current) {
              back.current.scrollTop = e.currentTarget.scrollTop
              back.current.scrollLeft = e.currentTarget.scrollLeft
            }
          }}
        />
        {open ? (
          <ul className="query-completion" id={listId} role="listbox" data-testid="query-completion">
            {completion.items.map((item, i) => (
              <li
                key={`${item.kind}:${item.insert}`}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={`query-completion-item query-completion-${item.kind}`}
                // Chosen before the textarea loses focus (a click would blur it first).
                onMouseDown={(e) => {
                  e.preventDefault()
                  accept(i)
                }}
              >
                <span className="query-completion-label">{item.label}</span>
                {item.detail ? <span className="query-completion-detail">{item.detail}</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {errors.length > 0 ? (
        <div className="field-error query-errors" id={errorId} aria-live="polite" data-testid="query-errors">
          {!(hydrated && edited) && underline ? <QueryExcerpt text={initial} error={underline} /> : null}
          <ul className="query-error-list">
            {errors.map((e) => (
              <li key={`${e.message}@${e.position}`} data-code={e.code}>
                {t(e.message, { position: '?', field: '', operator: '', max: maxLength, ...e.params })}
              </li>
            ))}
          </ul>
        </div>
      ) : hydrated && edited ? (
        <p className="query-ok" aria-live="polite" data-testid="query-ok">
          {text.trim() ? props.okText : props.emptyText}
        </p>
      ) : null}
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  )
}
