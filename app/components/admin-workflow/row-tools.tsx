import type { FormMetadata } from '@conform-to/react'
import { PlusIcon, TrashIcon } from '../ui/icons'

/*
 * The buttons of a repeatable-rows editor: conform's insert and remove intents on plain submit
 * buttons. Without JavaScript each is a post the action answers with the form as it now is (no
 * upstream call); with it, conform applies the step in the browser. `formNoValidate`: a row being
 * written may still be incomplete, and the browser must not stop the step for it.
 */

// biome-ignore lint/suspicious/noExplicitAny: any form's rows
type AnyForm = FormMetadata<any, string[]>

export function AddRowButton({ form, name, label }: { form: AnyForm; name: string; label: string }) {
  return (
    <button
      {...form.insert.getButtonProps({ name })}
      formNoValidate
      className="button button-secondary button-sm"
    >
      <PlusIcon width={14} height={14} />
      {label}
    </button>
  )
}

export function RemoveRowButton({
  form,
  name,
  index,
  label,
}: {
  form: AnyForm
  name: string
  index: number
  label: string
}) {
  return (
    <button
      {...form.remove.getButtonProps({ name, index })}
      formNoValidate
      className="icon-button icon-button-danger"
      aria-label={label}
      title={label}
    >
      <TrashIcon width={14} height={14} />
    </button>
  )
}
