import type { FieldProps } from '../types'
import { useFieldsT } from '../use-fields-t'
import { TextAreaInput } from './textarea'

/**
 * editor: rich text kept as HTML (domain/fields/kinds/editor.ts measures its text). For now a
 * text area for the HTML itself, which posts without JavaScript; a formatting toolbar (bold,
 * lists, links) over a contenteditable is the next step. Whoever shows the HTML sanitises it.
 */
export function EditorField(props: FieldProps) {
  const { t } = useFieldsT()
  return <TextAreaInput {...props} rows={6} hint={t('fields.editor.hint')} />
}
