import { widgetParam } from '@domain/widgets/params'
import { type FormEvent, useState } from 'react'
import { Heading } from 'react-aria-components/Calendar'
import { Dialog } from 'react-aria-components/Dialog'
import { Modal, ModalOverlay } from 'react-aria-components/Modal'
import { useTranslation } from 'react-i18next'
import { CloseIcon } from '~/components/ui/icons'
import { useHydrated } from '~/components/ui/use-hydrated'
import type { ParamsChange } from '../types'

export interface FilterField {
  name: string
  title: string
  type: string
  /** Option-kind fields (selects, status, assignee…): the choices, each value what the filter takes. */
  options?: { value: string; title: string }[]
}

/*
 * The table's filter modal (spec §2 Widgets, §5 table filters): one input per field the widget
 * offers, by its type — typed text where the upstream matches by contains, a number, a yes/no
 * choice for check boxes and switches, a list of the choices the upstream sends for selects
 * (status, assignee, a select's options), a date for the date-like types (the upstream checks the
 * range). Without JavaScript a <details> with a GET form: its hidden inputs carry the page's other
 * parameters, so the other widgets keep their pages.
 */

const INPUT_TYPES: Record<string, string> = {
  number: 'number',
  phone: 'tel',
  email: 'text',
  date: 'date',
  datetime: 'date',
  time: 'time',
  month: 'month',
  year: 'number',
}

/** Spec §5: these types filter by a range — from and to, both inclusive (either may stay empty). */
const RANGE_TYPES = new Set(['date', 'datetime', 'time', 'month', 'quarter', 'year'])

/** The names a field's filter fills (`title`; `created_at.from` and `created_at.to`). */
export const filterNames = (field: FilterField) =>
  RANGE_TYPES.has(field.type) ? [`${field.name}.from`, `${field.name}.to`] : [field.name]

function FilterInput({
  widgetId,
  field,
  values,
}: {
  widgetId: string
  field: FilterField
  values: Record<string, string>
}) {
  const { t } = useTranslation()
  const label = t(field.title, { defaultValue: field.title })
  const id = (name: string) => `${widgetId}-filter-${name}`
  const param = (name: string) => widgetParam(widgetId, `filter.${name}`)
  if (RANGE_TYPES.has(field.type)) {
    return (
      <fieldset className="wt-filter-field wt-filter-range">
        <legend className="field-label">{label}</legend>
        {(['from', 'to'] as const).map((bound) => {
          const name = `${field.name}.${bound}`
          return (
            <label key={bound} className="wt-filter-bound" htmlFor={id(name)}>
              <span>{t(`widget.table.filter_${bound}`)}</span>
              <input
                id={id(name)}
                name={param(name)}
                type={INPUT_TYPES[field.type] ?? 'text'}
                defaultValue={values[name] ?? ''}
                className="input"
              />
            </label>
          )
        })}
      </fieldset>
    )
  }
  const current = values[field.name] ?? ''
  const options = field.options
  const input = options ? (
    <select id={id(field.name)} name={param(field.name)} defaultValue={current} className="input">
      <option value="">{t('widget.table.filter_any')}</option>
      {/* A value in force that is not among the choices (a link from elsewhere) stays chosen. */}
      {current && !options.some((o) => o.value === current) ? (
        <option value={current}>{current}</option>
      ) : null}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.title}
        </option>
      ))}
    </select>
  ) : field.type === 'checkbox' || field.type === 'switch' ? (
    <select
      id={id(field.name)}
      name={param(field.name)}
      defaultValue={values[field.name] ?? ''}
      className="input"
    >
      <option value="">{t('widget.table.filter_any')}</option>
      <option value="true">{t('fields.yes')}</option>
      <option value="false">{t('fields.no')}</option>
    </select>
  ) : (
    <input
      id={id(field.name)}
      name={param(field.name)}
      type={INPUT_TYPES[field.type] ?? 'text'}
      defaultValue={values[field.name] ?? ''}
      className="input"
      maxLength={200}
      autoComplete="off"
    />
  )
  return (
    <div className="wt-filter-field">
      <label htmlFor={id(field.name)} className="field-label">
        {label}
      </label>
      {input}
    </div>
  )
}

interface FiltersProps {
  widgetId: string
  fields: FilterField[]
  /** The values in force, by field name. */
  values: Record<string, string>
  search: URLSearchParams
  onParams?: ParamsChange
}

function FilterForm({
  widgetId,
  fields,
  values,
  search,
  onApply,
}: Omit<FiltersProps, 'onParams'> & { onApply?: (filters: Record<string, string | null>) => void }) {
  const { t } = useTranslation()
  const own = `w.${widgetId}.`
  // Every other parameter of the page rides along; this widget's filters and page are the form's own.
  const keep = [...search].filter(([key]) => !key.startsWith(own))
  const onSubmit = onApply
    ? (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault()
        const data = new FormData(event.currentTarget)
        const next: Record<string, string | null> = {}
        for (const name of fields.flatMap(filterNames)) {
          const v = String(data.get(widgetParam(widgetId, `filter.${name}`)) ?? '').trim()
          next[`filter.${name}`] = v || null
        }
        onApply(next)
      }
    : undefined
  const resetSearch = new URLSearchParams(keep)
  return (
    <form method="get" className="wt-filter-form" onSubmit={onSubmit} data-testid="table-filter-form">
      {keep.map(([key, value]) => (
        <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
      ))}
      <div className="wt-filter-fields">
        {fields.map((f) => (
          <FilterInput key={f.name} widgetId={widgetId} field={f} values={values} />
        ))}
      </div>
      <div className="wt-filter-actions">
        <a
          className="button button-ghost"
          href={`?${resetSearch}`}
          onClick={
            onApply
              ? (e) => {
                  e.preventDefault()
                  onApply(Object.fromEntries(fields.flatMap(filterNames).map((n) => [`filter.${n}`, null])))
                }
              : undefined
          }
        >
          {t('widget.table.filter_reset')}
        </a>
        <button type="submit" className="button button-primary">
          {t('widget.table.filter_apply')}
        </button>
      </div>
    </form>
  )
}

/** The filter button (with the number of filters in force) and its modal. */
export function TableFilters(props: FiltersProps) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  const count = props.fields.filter((f) => filterNames(f).some((n) => props.values[n])).length
  const label = (
    <>
      {t('widget.table.filter')}
      {count ? <span className="wt-filter-count">{count}</span> : null}
    </>
  )
  if (!hydrated || !props.onParams) {
    return (
      <details className="wt-filters">
        <summary className="button button-ghost button-sm" data-testid="table-filter">
          {label}
        </summary>
        <div className="wt-filters-panel">
          <FilterForm {...props} />
        </div>
      </details>
    )
  }
  const onParams = props.onParams
  return (
    <>
      <button
        type="button"
        className="button button-ghost button-sm"
        onClick={() => setOpen(true)}
        data-testid="table-filter"
      >
        {label}
      </button>
      <ModalOverlay isOpen={open} onOpenChange={setOpen} isDismissable className="dialog-overlay">
        <Modal className="dialog-modal dialog-md">
          <Dialog className="dialog" data-testid="table-filter-dialog">
            <header className="dialog-header">
              <div className="dialog-heading">
                <Heading slot="title" className="dialog-title">
                  {t('widget.table.filter_title')}
                </Heading>
              </div>
              <button
                type="button"
                className="icon-button dialog-close"
                aria-label={t('dialog.close')}
                onClick={() => setOpen(false)}
              >
                <CloseIcon width={16} height={16} />
              </button>
            </header>
            <div className="dialog-body">
              <FilterForm
                {...props}
                onApply={(filters) => {
                  setOpen(false)
                  onParams({ ...filters, page: null })
                }}
              />
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  )
}
