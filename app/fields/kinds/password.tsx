import { useState } from 'react'
import { useHydrated } from '~/components/ui/use-hydrated'
import type { FieldProps } from '../types'
import { useFieldsT } from '../use-fields-t'
import { TextInput } from './text-input'

/**
 * password: hidden text (never trimmed by the domain); with JavaScript, a button shows it. A
 * `hint` in the settings (already translated: a plugin's "changing the host clears it") is shown
 * under the input.
 */
export function PasswordField(props: FieldProps) {
  const { t } = useFieldsT()
  const hydrated = useHydrated()
  const [shown, setShown] = useState(false)
  const hint = typeof props.def.settings.hint === 'string' ? props.def.settings.hint : undefined
  return (
    <TextInput
      {...props}
      input={{
        below: hint ? () => <p className="ff-sublabel ff-hint">{hint}</p> : undefined,
        type: shown ? 'text' : 'password',
        autoComplete: 'new-password',
        adornment: () =>
          hydrated ? (
            <button
              type="button"
              className="ff-icon-button"
              aria-pressed={shown}
              aria-label={shown ? t('fields.password.hide') : t('fields.password.show')}
              onClick={() => setShown((s) => !s)}
              disabled={props.disabled}
            >
              <EyeIcon crossed={shown} />
            </button>
          ) : null,
      }}
    />
  )
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="m3 3 18 18" /> : null}
    </svg>
  )
}
