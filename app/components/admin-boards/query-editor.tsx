import type { FieldMetadata } from '@conform-to/react'
import type { FieldDefinition } from '@domain/fields/types'
import { QueryBox } from '../rql/query-box'
import { readRqlError } from './schemas'
import { useBoardsT } from './use-boards-t'

interface QueryEditorProps {
  meta: FieldMetadata<string | undefined>
  label: string
  hint?: string
  placeholder?: string
  /** The node's custom fields: the keys a query may use beyond the system ones. */
  custom: readonly FieldDefinition[]
}

/**
 * A widget's query in its settings form: the shared query box (app/components/rql) fed by conform,
 * whose errors carry the checker's reason and place (schemas.ts encodes them, readRqlError reads).
 */
export function QueryEditor({ meta, label, hint, placeholder, custom }: QueryEditorProps) {
  const { t } = useBoardsT()
  return (
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
  )
}
