import { pickerOptions } from '@domain/fields/picker'
import { useState } from 'react'
import { Button } from 'react-aria-components/Button'
import { useTranslation } from 'react-i18next'
import { ChevronLeftIcon, ChevronRightIcon } from '~/components/ui/icons'
import { useHydrated } from '~/components/ui/use-hydrated'
import { FieldFrame } from '../field-frame'
import type { FieldProps } from '../types'
import { useFieldsT } from '../use-fields-t'
import { useFormNotice } from '../use-form-notice'
import { type Period, postMonth, postQuarter, todayDate, toMonth, toQuarter, toYear } from './moments'
import { NativeMoment } from './native-moment'
import { PickerActions } from './picker-parts'
import { PopoverPicker } from './popover-picker'

/*
 * month, quarter and year: a grid of months (of a year), quarters (of a year) or years (twelve at a
 * time) in a popover; a choice applies and closes (spec §9 auto-apply), Now picks the current one.
 */

interface Scale {
  /** Choices on one page, for the page that holds `page`. */
  choices(
    page: number,
    locale: string,
    t: (k: string, o?: Record<string, unknown>) => string,
  ): { key: Period; label: string }[]
  /** The page a value is on, and its heading. */
  pageOf(p: Period): number
  heading(page: number): string
  now(): Period
  read(v: unknown): Period | null
  post(p: Period | null): string
  /** What the form would post and the input without JavaScript shows. */
  native: { type: string; value: (p: Period | null) => string; placeholder?: string; pattern?: string }
}

const YEARS_PER_PAGE = 12

const SCALES: Record<'month' | 'quarter' | 'year', Scale> = {
  month: {
    choices: (year, locale) => {
      const name = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' })
      return Array.from({ length: 12 }, (_, i) => ({
        key: { year, index: i + 1 },
        label: name.format(new Date(Date.UTC(2000, i, 1))),
      }))
    },
    pageOf: (p) => p.year,
    heading: String,
    now: () => ({ year: todayDate().year, index: todayDate().month }),
    read: toMonth,
    post: postMonth,
    native: { type: 'month', value: postMonth },
  },
  quarter: {
    choices: (year, _l, t) =>
      [1, 2, 3, 4].map((q) => ({
        key: { year, index: q },
        label: t('fields.picker.quarter', { quarter: q }),
      })),
    pageOf: (p) => p.year,
    heading: String,
    now: () => ({ year: todayDate().year, index: Math.ceil(todayDate().month / 3) }),
    read: toQuarter,
    post: postQuarter,
    native: {
      type: 'text',
      value: (p) => (p ? `${p.index}.${p.year}` : ''),
      placeholder: 'Q.yyyy',
      pattern: '[1-4]\\.[0-9]{4}',
    },
  },
  year: {
    choices: (page) =>
      Array.from({ length: YEARS_PER_PAGE }, (_, i) => {
        const year = page * YEARS_PER_PAGE + i
        return { key: { year, index: 0 }, label: String(year) }
      }),
    pageOf: (p) => Math.floor(p.year / YEARS_PER_PAGE),
    heading: (page) => `${page * YEARS_PER_PAGE} – ${page * YEARS_PER_PAGE + YEARS_PER_PAGE - 1}`,
    now: () => ({ year: todayDate().year, index: 0 }),
    read: (v) => {
      const y = toYear(v)
      return y === null ? null : { year: y, index: 0 }
    },
    post: (p) => (p ? String(p.year) : ''),
    native: { type: 'number', value: (p) => (p ? String(p.year) : ''), placeholder: 'yyyy' },
  },
}

const same = (a: Period | null, b: Period) => a !== null && a.year === b.year && a.index === b.index

function PeriodPicker({ scale, ...props }: FieldProps & { scale: Scale }) {
  const { t } = useFieldsT()
  const { i18n } = useTranslation()
  const hydrated = useHydrated()
  const [value, setValue] = useState(() => scale.read(props.defaultValue))
  const [open, setOpen] = useState(false)
  const [page, setPage] = useState(() => scale.pageOf(value ?? scale.now()))
  const posted = scale.post(value)
  const hidden = useFormNotice<HTMLInputElement>(posted)
  if (!hydrated) {
    const n = scale.native
    return (
      <NativeMoment
        {...props}
        inputType={n.type}
        values={[n.value(value)]}
        names={[props.name]}
        placeholder={n.placeholder}
        pattern={n.pattern}
      />
    )
  }
  const choose = (next: Period | null) => {
    setValue(next)
    props.onValueChange?.(scale.post(next))
    setOpen(false)
  }
  const toggle = (isOpen: boolean) => {
    if (isOpen) setPage(scale.pageOf(value ?? scale.now()))
    setOpen(isOpen)
  }
  const { def, id, label, errors } = props
  return (
    <FieldFrame id={id} label={label} type={def.type} flags={props} errors={errors} def={def}>
      <input type="hidden" name={props.name} value={posted} ref={hidden} disabled={props.disabled} />
      <PopoverPicker
        props={props}
        stored={def.type === 'year' ? value?.year : posted}
        empty={value === null}
        open={open}
        onOpenChange={toggle}
        onClear={() => choose(null)}
      >
        <header className="ff-cal-header">
          <Button
            className="ff-icon-button"
            aria-label={t('fields.picker.previous')}
            onPress={() => setPage(page - 1)}
          >
            <ChevronLeftIcon />
          </Button>
          <span className="ff-cal-heading" aria-live="polite">
            {scale.heading(page)}
          </span>
          <Button
            className="ff-icon-button"
            aria-label={t('fields.picker.next')}
            onPress={() => setPage(page + 1)}
          >
            <ChevronRightIcon />
          </Button>
        </header>
        <div className={`ff-period-grid ff-period-${def.type}`}>
          {scale
            .choices(page, i18n.language, (k, o) => t(k, o))
            .map((c) => (
              <Button
                key={`${c.key.year}-${c.key.index}`}
                className="ff-period"
                data-selected={same(value, c.key) || undefined}
                aria-pressed={same(value, c.key)}
                onPress={() => choose(c.key)}
              >
                {c.label}
              </Button>
            ))}
        </div>
        {pickerOptions(def).actionRow ? <PickerActions onNow={() => choose(scale.now())} /> : null}
      </PopoverPicker>
    </FieldFrame>
  )
}

export const MonthField = (props: FieldProps) => <PeriodPicker {...props} scale={SCALES.month} />
export const QuarterField = (props: FieldProps) => <PeriodPicker {...props} scale={SCALES.quarter} />
export const YearField = (props: FieldProps) => <PeriodPicker {...props} scale={SCALES.year} />
