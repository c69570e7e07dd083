import { useState } from 'react'
import { Button } from 'react-aria-components/Button'
import { CloseIcon, PlusIcon } from '~/components/ui/icons'
import { useHydrated } from '~/components/ui/use-hydrated'
import { FieldFrame } from '../field-frame'
import { isEditable } from '../flags'
import type { FieldProps } from '../types'
import { useFieldsT } from '../use-fields-t'
import { FormNotice } from '../use-form-notice'
import { CompositeChildren } from './composite-children'
import { TextAreaInput } from './textarea'

/** The code of text that is not JSON (spec §5 'Invalid JSON'). */
export const INVALID_JSON = 'value_error.json'

/** JSON text for the text area: text as it is, anything else pretty-printed. */
export function jsonText(v: unknown): string {
  if (v === undefined || v === null) return ''
  return typeof v === 'string' ? v : JSON.stringify(v, null, 2)
}

/** Whether text is JSON (blank text is no value, not bad JSON). */
export function isJson(text: string): boolean {
  if (text.trim() === '') return true
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/**
 * json: without a structure, JSON typed into a text area, checked as the user leaves it ('Invalid
 * JSON'); with one, its child fields (`name.child`), or rows of them when `multiple`
 * (`name[i].child`).
 */
export function JsonField(props: FieldProps) {
  if (props.def.structure?.length)
    return props.def.settings.multiple ? <JsonRows {...props} /> : <JsonGroup {...props} />
  return <JsonText {...props} />
}

function JsonText(props: FieldProps) {
  const { t } = useFieldsT()
  const [bad, setBad] = useState(false)
  const errors = bad ? [...(props.errors ?? []), INVALID_JSON] : props.errors
  return (
    <div
      onBlur={(e) => {
        if (e.target instanceof HTMLTextAreaElement) setBad(!isJson(e.target.value))
      }}
    >
      <TextAreaInput
        {...props}
        defaultValue={jsonText(props.defaultValue)}
        errors={errors}
        mono
        rows={5}
        hint={t('fields.json.hint')}
        onValueChange={(v) => {
          if (bad && isJson(String(v))) setBad(false)
          props.onValueChange?.(v)
        }}
      />
    </div>
  )
}

function JsonGroup(props: FieldProps) {
  const { def, name, id, label, errors } = props
  return (
    <FieldFrame id={id} label={label} type={def.type} flags={props} errors={errors} def={def} group>
      <CompositeChildren
        parent={props}
        fields={def.structure ?? []}
        prefix={name}
        value={props.defaultValue}
        errors={props.childErrors}
      />
    </FieldFrame>
  )
}

function JsonRows(props: FieldProps) {
  const { def, name, id, label, errors } = props
  const { t } = useFieldsT()
  const hydrated = useHydrated()
  const initial = Array.isArray(props.defaultValue) ? props.defaultValue : []
  // Rows keep a key of their own, so removing one does not shift the others' inputs.
  const [rows, setRows] = useState(() => initial.map((value, i) => ({ key: i, value })))
  const [next, setNext] = useState(initial.length)
  // Without JavaScript one empty row more, to add one.
  const shown = hydrated ? rows : [...rows, { key: -1, value: {} }]
  const editable = isEditable(props) && !props.loading
  return (
    <FieldFrame id={id} label={label} type={def.type} flags={props} errors={errors} def={def} group>
      <FormNotice name={name} value={rows.map((r) => r.key)} />
      {shown.map((row, i) => (
        <div key={row.key} className="ff-json-row">
          <CompositeChildren
            parent={{ ...props, id: `${id}-${row.key}` }}
            fields={def.structure ?? []}
            prefix={`${name}[${i}]`}
            value={row.value}
            errors={childErrorsOfRow(props.childErrors, i)}
          />
          {hydrated && editable ? (
            <Button
              className="ff-icon-button"
              aria-label={t('fields.json.remove_row', { n: i + 1 })}
              onPress={() => setRows(rows.filter((r) => r.key !== row.key))}
            >
              <CloseIcon width={14} height={14} />
            </Button>
          ) : null}
        </div>
      ))}
      {hydrated && editable ? (
        <Button
          id={id}
          className="button button-secondary button-sm"
          onPress={() => {
            setRows([...rows, { key: next, value: {} }])
            setNext(next + 1)
          }}
        >
          <PlusIcon width={14} height={14} />
          {t('fields.json.add_row')}
        </Button>
      ) : null}
    </FieldFrame>
  )
}

/** Child errors of row i: keys '[i].title' become 'title'. */
function childErrorsOfRow(errors: FieldProps['childErrors'], i: number) {
  if (!errors) return undefined
  const prefix = `[${i}].`
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([k]) => k.startsWith(prefix))
      .map(([k, v]) => [k.slice(prefix.length), v]),
  )
}
