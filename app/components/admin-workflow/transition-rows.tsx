import type { FieldMetadata, FormMetadata } from '@conform-to/react'
import { RIGHT_CODES } from '@domain/rights/rights'
import { rightLabel } from '../admin-users/right-label'
import { CheckboxGroupField } from '../ui/checkbox-group-field'
import { NativeSelectField } from '../ui/native-select-field'
import { TagField } from '../ui/tag-field'
import { AddRowButton, RemoveRowButton } from './row-tools'
import type { StatusRow } from './statuses-table'
import { useWorkflowT } from './use-workflow-t'

export interface TransitionDraft {
  from_status_id?: string
  to_status_id?: string
  right?: string
  team_ids?: string[]
  required_fields?: string
}

interface TransitionRowsProps {
  // biome-ignore lint/suspicious/noExplicitAny: the process form
  form: FormMetadata<any, string[]>
  meta: FieldMetadata<TransitionDraft[] | undefined>
  /** The statuses of the chosen progress. */
  statuses: StatusRow[]
  teams: { id: string; name: string }[]
}

/**
 * A process's transitions (PRODUCT.md §4): rows of from → to, with an optional right the mover
 * needs, teams they must be in, and fields the move requires. No rows: any move is allowed.
 */
export function TransitionRows({ form, meta, statuses, teams }: TransitionRowsProps) {
  const { t } = useWorkflowT()
  const rows = meta.getFieldList()
  const statusOptions = statuses.map((s) => ({ value: s.id, label: s.name }))
  return (
    <fieldset className="form-group rows-editor">
      <legend className="form-legend">{t('processes.transitions.heading')}</legend>
      <p className="field-description">{t('processes.transitions.hint')}</p>
      {rows.length === 0 ? <p className="rows-empty muted">{t('processes.transitions.empty')}</p> : null}
      <ol className="rows-list">
        {rows.map((row, i) => {
          const f = row.getFieldset()
          const n = t('processes.transitions.row', { n: i + 1 })
          return (
            <li
              key={row.key}
              className="rows-item transition-row"
              aria-label={n}
              data-testid="transition-row"
            >
              <div className="transition-grid">
                <NativeSelectField
                  meta={f.from_status_id as FieldMetadata<string>}
                  label={t('processes.transitions.from')}
                  placeholder={t('processes.choose_status')}
                  options={statusOptions}
                />
                <span className="transition-arrow" aria-hidden="true">
                  →
                </span>
                <NativeSelectField
                  meta={f.to_status_id as FieldMetadata<string>}
                  label={t('processes.transitions.to')}
                  placeholder={t('processes.choose_status')}
                  options={statusOptions}
                />
                <NativeSelectField
                  meta={f.right as FieldMetadata<string>}
                  label={t('processes.transitions.right')}
                  placeholder={t('processes.transitions.any_right')}
                  options={RIGHT_CODES.map((code) => ({ value: code, label: rightLabel(t, code) }))}
                />
              </div>
              <div className="transition-grid-2">
                {teams.length > 0 ? (
                  <CheckboxGroupField
                    meta={f.team_ids as FieldMetadata<string[]>}
                    label={t('processes.transitions.teams')}
                    options={teams.map((team) => ({ value: team.id, label: team.name }))}
                  />
                ) : null}
                <TagField
                  meta={f.required_fields as FieldMetadata<string>}
                  label={t('processes.transitions.required_fields')}
                  placeholder={t('processes.transitions.required_fields_placeholder')}
                />
              </div>
              <RemoveRowButton
                form={form}
                name={meta.name}
                index={i}
                label={t('processes.transitions.remove', { n: i + 1 })}
              />
            </li>
          )
        })}
      </ol>
      <div>
        <AddRowButton form={form} name={meta.name} label={t('processes.transitions.add')} />
      </div>
    </fieldset>
  )
}
