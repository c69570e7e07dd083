import type { FieldMetadata } from '@conform-to/react'
import type { FieldDefinition } from '@domain/fields/types'
import { QueryBox } from '../rql/query-box'
import { useHydrated } from '../ui/use-hydrated'
import { readRqlError } from './schemas'
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
 * A widget's query in its settings form: the shared query box (app/components/rql) fed by conform,
 * whose errors carry the checker's reason and place (schemas.ts encodes them, readRqlError reads).
 * Above it, with JavaScript, a select of saved queries that fills the box.
 */
export function QueryEditor({ meta, label, hint, placeholder, custom, saved = [] }: QueryEditorProps) {
  const { t } = useBoardsT()
  const hydrated = useHydrated()
  /** A saved query's text put into the box as if typed: its live check and the form's listeners see it. */
  const startFrom = (id: string) => {
    const chosen = saved.find((q) => q.id === id)
    const area = document.getElementById(meta.id)
    if (!chosen || !(area instanceof HTMLTextAreaElement)) return
    area.value = chosen.query
    area.dispatchEvent(new Event('input', { bubbles: true }))
    area.focus()
  }
  return (
    <>
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
      <QueryBox
        id={meta.id}
        name={meta.name}
        resetKey={meta.key}
        label={label}
        hint={hint}
        placeholder={placeholder}
        initial={meta.initialValue ?? ''}
        serverErrors={(meta.errors ?? []).map(readRqlError)}
        custom={custom}
        maxLength={meta.maxLength}
        okText={t('admin_widgets.query.ok')}
        emptyText={t('admin_widgets.query.empty')}
      />
    </>
  )
}
