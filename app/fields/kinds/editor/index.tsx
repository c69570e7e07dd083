import { useHydrated } from '~/components/ui/use-hydrated'
import type { FieldProps } from '../../types'
import { useFieldsT } from '../../use-fields-t'
import { TextAreaInput } from '../textarea'
import { RichEditor } from './rich-editor'

/**
 * editor: rich text kept as HTML (domain/fields/kinds/editor.ts cleans and measures it). With
 * JavaScript, a toolbar over a contenteditable (rich-editor.tsx); without it — and in the
 * server's markup — a text area for the HTML itself, which posts as it is.
 */
export function EditorField(props: FieldProps) {
  const { t } = useFieldsT()
  const hydrated = useHydrated()
  if (hydrated) return <RichEditor {...props} />
  return <TextAreaInput {...props} rows={6} hint={t('fields.editor.hint')} />
}
