import type { FieldMetadata, FormMetadata } from '@conform-to/react'
import { NativeSelectField } from '../ui/native-select-field'
import { TextField } from '../ui/text-field'
import { AddRowButton, RemoveRowButton } from './row-tools'
import type { StatusRow } from './statuses-table'
import { useWorkflowT } from './use-workflow-t'

export interface FieldRuleDraft {
  status_id?: string
  field?: string
  rule?: string
}

interface FieldRuleRowsProps {
  // biome-ignore lint/suspicious/noExplicitAny: the process form
  form: FormMetadata<any, string[]>
  meta: FieldMetadata<FieldRuleDraft[] | undefined>
  statuses: StatusRow[]
  /** The id of the `<datalist>` of the node's field names. */
  fieldList: string
}

/** Per-status field rules (ADR 009): in this status, this field is required, or read-only. */
export function FieldRuleRows({ form, meta, statuses, fieldList }: FieldRuleRowsProps) {
  const { t } = useWorkflowT()
  const rows = meta.getFieldList()
  return (
    <fieldset className="form-group rows-editor">
      <legend className="form-legend">{t('processes.rules.heading')}</legend>
      <p className="field-description">{t('processes.rules.hint')}</p>
      {rows.length === 0 ? <p className="rows-empty muted">{t('processes.rules.empty')}</p> : null}
      <ol className="rows-list">
        {rows.map((row, i) => {
          const f = row.getFieldset()
          return (
            <li
              key={row.key}
              className="rows-item rule-row"
              aria-label={t('processes.rules.row', { n: i + 1 })}
              data-testid="rule-row"
            >
              <NativeSelectField
                meta={f.status_id as FieldMetadata<string>}
                label={t('processes.rules.status')}
                placeholder={t('processes.choose_status')}
                options={statuses.map((s) => ({ value: s.id, label: s.name }))}
              />
              <TextField
                meta={f.field as FieldMetadata<string>}
                label={t('processes.rules.field')}
                placeholder="cf_…"
                autoComplete="off"
                list={fieldList}
              />
              <NativeSelectField
                meta={f.rule as FieldMetadata<string>}
                label={t('processes.rules.rule')}
                placeholder={t('processes.rules.choose_rule')}
                options={[
                  { value: 'required', label: t('processes.rules.required') },
                  { value: 'readonly', label: t('processes.rules.readonly') },
                ]}
              />
              <RemoveRowButton
                form={form}
                name={meta.name}
                index={i}
                label={t('processes.rules.remove', { n: i + 1 })}
              />
            </li>
          )
        })}
      </ol>
      <div>
        <AddRowButton form={form} name={meta.name} label={t('processes.rules.add')} />
      </div>
    </fieldset>
  )
}
