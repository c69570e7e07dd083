import type { FieldMetadata } from '@conform-to/react'
import type { FieldDefinition } from '@domain/fields/types'
import { checkQueryText, tokenize } from '@domain/rql'
import { useMemo, useRef, useState } from 'react'
import { useHydrated } from '../ui/use-hydrated'
import { readRqlError, type ShownRqlError } from './schemas'
import { useBoardsT } from './use-boards-t'

interface QueryEditorProps {
  meta: FieldMetadata<string | undefined>
  label: string
  hint?: string
  placeholder?: string
  /** The node's custom fields: the keys a query may use beyond the system ones. */
  custom: readonly FieldDefinition[]
  /** Saved queries (PRODUCT.md §10) to start from: choosing one fills the query (with JavaScript). */
  saved?: readonly { id: string; name: string; query: string }[]
}

/**
 * The task query (PRODUCT.md §6) with its highlighting and a live check of its syntax, both from
 * domain/rql — the same parser and checker the upstream runs. A textarea under a coloured copy of
 * its text (the copy is what shows, the textarea keeps the caret); an error is underlined and
 * told below with its position, as it is typed. Without JavaScript it is a plain textarea and the
 * action's check answers with the same message.
 */
export function QueryEditor({ meta, label, hint, placeholder, custom, saved = [] }: QueryEditorProps) {
  const { t } = useBoardsT()
  const input = useRef<HTMLTextAreaElement>(null)
  /** A saved query's text put into the textarea as if typed: the live check and the form's own listeners see it. */
  const startFrom = (id: string) => {
    const chosen = saved.find((q) => q.id === id)
    const area = input.current
    if (!chosen || !area) return
    area.value = chosen.query
    area.dispatchEvent(new Event('input', { bubbles: true }))
    area.focus()
  }
  const hydrated = useHydrated()
  const initial = meta.initialValue ?? ''
  const [text, setText] = useState(initial)
  const [edited, setEdited] = useState(false)
  const back = useRef<HTMLPreElement>(null)
  const tokens = useMemo(() => tokenize(text), [text])
  const live = useMemo<ShownRqlError[]>(() => {
    if (!text.trim()) return []
    const checked = checkQueryText(text.trim(), custom)
    // The check runs on the trimmed text: positions move by the leading spaces cut.
    const lead = text.length - text.trimStart().length
    return checked.ok
      ? []
      : checked.errors.map((e) => ({
          code: e.code,
          message: e.message,
          params: { ...e.params, position: Number(e.params.position ?? e.position + 1) + lead },
          position: e.position + lead,
          end: e.end + lead,
        }))
  }, [text, custom])
  // The server's answer stands until the text changes; from then on the live check speaks.
  // What the browser's check does not say is the upstream's (a status that does not exist): it
  // stands beside the live check until conform's next check of the field replaces it.
  const shown = (meta.errors ?? []).map(readRqlError)
  const server = shown.filter((e) => !live.some((l) => l.message === e.message && l.position === e.position))
  const errors = hydrated && edited ? [...live, ...server] : shown
  const underline = errors.find((e) => e.position !== undefined)
  const errorId = `${meta.id}-error`
  const hintId = `${meta.id}-hint`
  return (
    <div className="field query-field">
      <label className="field-label" htmlFor={meta.id}>
        {label}
      </label>
      {hydrated && saved.length ? (
        <select
          className="input query-saved"
          aria-label={t('queries.from_saved')}
          defaultValue=""
          onChange={(e) => {
            startFrom(e.currentTarget.value)
            e.currentTarget.value = ''
          }}
          data-testid="query-from-saved"
        >
          <option value="">{t('queries.from_saved.choose')}</option>
          {saved.map((q) => (
            <option key={q.id} value={q.id}>
              {q.name}
            </option>
          ))}
        </select>
      ) : null}
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
          ref={input}
          key={meta.key}
          id={meta.id}
          name={meta.name}
          className="input textarea query-input"
          rows={3}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          placeholder={placeholder}
          defaultValue={initial}
          maxLength={meta.maxLength}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={
            [errors.length > 0 ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined
          }
          data-testid="query-input"
          onInput={(e) => {
            setText(e.currentTarget.value)
            setEdited(true)
          }}
          onScroll={(e) => {
            if (back.current) {
              back.current.scrollTop = e.currentTarget.scrollTop
              back.current.scrollLeft = e.currentTarget.scrollLeft
            }
          }}
        />
      </div>
      {errors.length > 0 ? (
        <ul className="field-error query-errors" id={errorId} aria-live="polite" data-testid="query-errors">
          {errors.map((e) => (
            <li key={`${e.message}@${e.position}`} data-code={e.code}>
              {t(e.message, { position: '?', field: '', operator: '', max: meta.maxLength, ...e.params })}
            </li>
          ))}
        </ul>
      ) : hydrated && edited ? (
        <p className="query-ok" aria-live="polite" data-testid="query-ok">
          {text.trim() ? t('admin_widgets.query.ok') : t('admin_widgets.query.empty')}
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
