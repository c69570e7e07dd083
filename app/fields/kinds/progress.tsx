import { normalizeInput } from '@domain/fields/value'
import { ProgressBar } from 'react-aria-components/ProgressBar'
import type { FieldProps } from '../types'
import { textOf } from '../values'
import { TextInput } from './text-input'

/** 0–100 (spec §5): any other number is brought to the nearest bound. */
export function clampProgress(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''))
  return Number.isFinite(n) ? Math.min(100, Math.max(0, Math.round(n))) : 0
}

/** A bar of the value, clamped (react-aria's ProgressBar: role progressbar with its value). */
export function ProgressMeter({ value, label }: { value: unknown; label: string }) {
  const percent = clampProgress(value)
  return (
    <ProgressBar value={percent} aria-label={label} className="ff-progress" data-testid="progress-bar">
      <div className="ff-progress-track">
        <div className="ff-progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="ff-progress-text">{percent}%</span>
    </ProgressBar>
  )
}

/** progress: a number 0–100 clamped as typed, and its bar. */
export function ProgressField(props: FieldProps) {
  return (
    <TextInput
      {...props}
      defaultValue={textOf(props.defaultValue) === '' ? undefined : String(clampProgress(props.defaultValue))}
      input={{
        inputMode: 'numeric',
        maxLength: 4,
        transform: (raw) => normalizeInput(props.def, raw),
        below: (value) => <ProgressMeter value={value} label={props.label} />,
        className: 'ff-control-short',
      }}
    />
  )
}
