import { type FieldMetadata, getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import type { ReactNode } from 'react'
import type { AnyZodObject } from 'zod'
import { CsrfInput } from '~/components/csrf-input'
import { useSubmitDisabled } from '~/components/ui/use-submit-disabled'
import { Button } from '../ui/button'
import { FormErrors } from '../ui/form-errors'
import { CloseIcon } from '../ui/icons'
import { NativeSelectField } from '../ui/native-select-field'
import { useIntentResult } from './use-intent-result'

/*
 * The two small forms of an Editing dialog's lists (a team's members, a board's widgets, a user's
 * nodes): one choice posted with an intent, and one entry removed with an intent. Both post
 * through the dialog's action, so they work without JavaScript too.
 */

/** A select of `options` and a button: posts `intent` with the chosen value as `name`. */
export function PickOneForm({
  id,
  action,
  intent,
  schema,
  name,
  label,
  placeholder,
  options,
  icon,
  submitLabel,
  className = 'form',
}: {
  id: string
  action: string
  intent: string
  schema: AnyZodObject
  name: string
  label: string
  placeholder: string
  options: { value: string; label: string }[]
  icon: ReactNode
  submitLabel: string
  className?: string
}) {
  const { fetcher, lastResult, pending } = useIntentResult(intent)
  const [form, fields] = useForm({
    id,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  const submit = useSubmitDisabled(form)
  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} className={className}>
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <FormErrors errors={form.errors} id={form.errorId} />
      <div className="form-row">
        <NativeSelectField
          meta={fields[name] as FieldMetadata<string>}
          label={label}
          placeholder={placeholder}
          options={options}
        />
        <Button
          type="submit"
          variant="secondary"
          isPending={pending}
          isDisabled={submit.disabled && !pending}
        >
          {icon}
          {submitLabel}
        </Button>
      </div>
    </fetcher.Form>
  )
}

/** A small Remove button: posts `intent` with `value` as `name`. */
export function RemoveOneForm({
  action,
  intent,
  name,
  value,
  label,
  ariaLabel,
}: {
  action: string
  intent: string
  name: string
  value: string
  label: string
  ariaLabel: string
}) {
  const { fetcher, pending } = useIntentResult(intent)
  return (
    <fetcher.Form method="post" action={action}>
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={name} value={value} />
      <Button type="submit" variant="ghost" size="sm" isPending={pending} aria-label={ariaLabel}>
        <CloseIcon width={13} height={13} />
        {label}
      </Button>
    </fetcher.Form>
  )
}
