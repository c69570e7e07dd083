import { useField } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import type { FieldType } from '@domain/fields/types'
import { useActionData } from '@remix-run/react'
import { type ChangeEvent, useMemo, useState } from 'react'
import { z } from 'zod'
import { CsrfInput } from '~/components/csrf-input'
import { useHydrated } from '~/components/ui/use-hydrated'
import { GenericForm } from '~/fields/form/generic-form'
import type { Schema } from '~/lib/upstream/types'
import { Button } from '../ui/button'
import {
  CHANGE_TYPE_INTENT,
  carryOver,
  DEFAULT_TYPE,
  editorDefaults,
  editorDefinitions,
  editorDescription,
  type FieldEditorReply,
  fieldTypes,
  TYPE_INPUT,
} from './editor-definitions'
import { useAdminFieldsT } from './use-admin-fields-t'

export const FIELD_EDITOR_ID = 'field-editor'

/** The contract's `Field` as the editor reads it: its type narrowed to the registry's. */
export type StoredField = Pick<Schema<'Field'>, 'id' | 'name' | 'title' | 'settings' | 'version'> & {
  type: FieldType
  structure: Parameters<typeof editorDefaults>[0]['structure'] | null
}

interface FieldEditorProps {
  action: string
  stored?: StoredField
}

type Values = Record<string, unknown>

/**
 * The Add and Editing dialogs' form: the type, then name, title and the settings that type has,
 * rendered by the generic form from the domain's definitions. Changing the type re-renders the
 * settings — at once with JavaScript, through the type's submit button ('change type') without —
 * keeping the name, the title and the settings both types share.
 */
export function FieldEditor({ action, stored }: FieldEditorProps) {
  const { t } = useAdminFieldsT()
  const reply = useActionData<FieldEditorReply>()
  const [type, setType] = useState<FieldType>(reply?.type ?? stored?.type ?? DEFAULT_TYPE)
  const [carried, setCarried] = useState<Values | undefined>(reply?.values)
  const definitions = useMemo(() => editorDefinitions(type), [type])
  const description = useMemo(() => editorDescription(definitions), [definitions])
  const defaults =
    carried ?? (stored ? editorDefaults({ ...stored, structure: stored.structure ?? undefined }) : undefined)

  function changeType(event: ChangeEvent<HTMLSelectElement>) {
    const next = event.currentTarget.value as FieldType
    const form = event.currentTarget.form
    if (form) {
      const payload = parseWithZod(new FormData(form), { schema: z.any() }).payload as Values
      setCarried(carryOver(payload, type, next))
    }
    setType(next)
  }

  return (
    <GenericForm
      // A new type is a new form: its inputs start from what was carried over.
      key={type}
      id={FIELD_EDITOR_ID}
      definitions={definitions}
      form={description}
      action={action}
      lastResult={reply?.intent === 'save' && reply.type === type ? reply.result : undefined}
      defaultValue={defaults}
      submitLabel={t('admin_fields.editor.save')}
    >
      <CsrfInput />
      <input type="hidden" name="from_type" value={type} />
      {stored?.version ? <input type="hidden" name="version" value={stored.version} /> : null}
      <TypePicker type={type} onChange={changeType} />
    </GenericForm>
  )
}

function TypePicker({
  type,
  onChange,
}: {
  type: FieldType
  onChange: (e: ChangeEvent<HTMLSelectElement>) => void
}) {
  const { t } = useAdminFieldsT()
  const hydrated = useHydrated()
  const [meta] = useField<string>(TYPE_INPUT)
  const errors = meta.errors ?? []
  const options = useMemo(
    () => fieldTypes().map((value) => ({ value, label: t(`fields.type.${value}`) })),
    [t],
  )
  return (
    <div className="afl-type-picker">
      <div className="field">
        <label className="field-label" htmlFor="field-editor-type">
          {t('admin_fields.editor.type')}
        </label>
        <div className="afl-type-row">
          <select
            id="field-editor-type"
            name={TYPE_INPUT}
            className="input select"
            value={type}
            onChange={onChange}
            aria-invalid={errors.length > 0 || undefined}
            aria-describedby={errors.length ? 'field-editor-type-error' : 'field-editor-type-hint'}
            data-testid="field-type"
          >
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          {hydrated ? null : (
            // Without JavaScript the settings of another type need a round trip; nothing is saved.
            <Button
              type="submit"
              name="intent"
              value={CHANGE_TYPE_INTENT}
              variant="secondary"
              data-testid="change-type"
            >
              {t('admin_fields.editor.change_type')}
            </Button>
          )}
        </div>
        {errors.length ? (
          <p className="field-error" id="field-editor-type-error">
            {errors.map((code) => t(code)).join(' ')}
          </p>
        ) : (
          <p className="field-description" id="field-editor-type-hint">
            {t('admin_fields.editor.type_hint')}
          </p>
        )}
      </div>
    </div>
  )
}
