import { useEffect, useRef, useState } from 'react'
import { useHydrated } from '~/components/ui/use-hydrated'
import { CheckIcon, CopyIcon } from '../icons'
import type { FieldProps } from '../types'
import { useFieldsT } from '../use-fields-t'
import { TextInput } from './text-input'

/** How long the check mark shows after copying (spec §9: copy confirmation 2000 ms). */
export const COPY_CONFIRM_MS = 2000

/** text_copy: text with a copy button; after copying, a check icon for 2 s (spec §4). */
export function TextCopyField(props: FieldProps) {
  const { t } = useFieldsT()
  const hydrated = useHydrated()
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text)
    } catch {
      return // no clipboard (an insecure page, a refusal): nothing was copied, nothing to confirm
    }
    setCopied(true)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRM_MS)
  }
  return (
    <TextInput
      {...props}
      input={{
        adornment: (value) =>
          hydrated ? (
            <button
              type="button"
              className="ff-icon-button"
              data-copied={copied || undefined}
              aria-label={copied ? t('fields.copied') : t('fields.copy')}
              onClick={() => copy(value)}
              disabled={value === ''}
              data-testid="field-copy"
            >
              {copied ? <CheckIcon data-testid="copy-check" /> : <CopyIcon />}
            </button>
          ) : null,
      }}
    />
  )
}
