import { type CatalogueCode, catalogue } from '../errors/catalogue'
import { isBlank } from '../fields/checks'
import { buildValueSchema } from '../fields/value'
import type { Span, Value } from './ast'
import type { QueryField } from './fields'
import { type Interval, type Moment, momentType, RELATIVE_LIMIT } from './moments'

/*
 * A typed value made into what the field stores, through the field type's own rules (the same
 * that check a form), so `cf_phone = 8 916 123-45-67` finds '+79161234567' and `cf_day =
 * 31.01.2024` finds '2024-01-31'. What cannot be known until the query runs (me(), today(),
 * relative dates) stays symbolic: see resolve.ts.
 */

/** A value ready to be bound as a parameter: the stored shape of the field's type. */
export type Stored = string | number | boolean

export type Operand =
  | { kind: 'value'; value: Stored; span: Span }
  /** The current user's id (assignee, author, a select of users). */
  | { kind: 'me'; span: Span }
  /** A range field's period, typed: fixed now. */
  | { kind: 'interval'; interval: Interval; span: Span }
  /** A range field's period that depends on the clock. */
  | { kind: 'moment'; moment: Moment; span: Span }

export type Refusal = { refused: CatalogueCode }

/** A number as a query writes it: a sign, digits, a decimal part (`-10`, `+2.5`). */
const QUERY_NUMBER = /^[+-]?\d{1,15}(?:\.\d{1,15})?$/

const refuse = (code: CatalogueCode): Refusal => ({ refused: code })

/** The text a value stands for where it is not a date: `-7d` searched in a title is the text '-7d'. */
const textOf = (v: Exclude<Value, { kind: 'function' }>) => (v.kind === 'string' ? v.value : v.text)

export function toOperand(field: QueryField, v: Value): Operand | Refusal {
  if (field.filter.kind === 'range') return toMoment(field, v)
  if (v.kind === 'function') {
    const users = field.filter.kind === 'option' && field.definition.settings.source === 'users'
    return v.name === 'me' && users ? { kind: 'me', span: v.span } : refuse('rql.invalid_value.function')
  }
  const text = textOf(v)
  if (isBlank(text)) return refuse('rql.invalid_value.empty')
  // Text is searched as typed: a fragment of an e-mail is not an e-mail, and need not be one.
  if (field.filter.kind === 'contains') return { kind: 'value', value: text.trim(), span: v.span }
  if (field.filter.kind === 'option' && !field.definition.settings.source) {
    const option = optionOf(field, text.trim())
    return option === undefined ? refuse('value_error.enum') : { kind: 'value', value: option, span: v.span }
  }
  // A number field stores whole counts, but a query compares: `cf_amount > -10` and `> 2.5` are
  // numbers to compare with, not values to store (a relative date such as -10d is still refused).
  if (field.type === 'number' && QUERY_NUMBER.test(text.trim()))
    return { kind: 'value', value: Number(text.trim()), span: v.span }
  return stored(field, text, v.span)
}

function toMoment(field: QueryField, v: Value): Operand | Refusal {
  const type = momentType(field.type)
  if (!type) return refuse('rql.invalid_value')
  if (v.kind === 'function') {
    if (v.name === 'now' || (v.name === 'today' && type.day))
      return { kind: 'moment', moment: { kind: v.name }, span: v.span }
    return refuse('rql.invalid_value.function')
  }
  if (v.kind === 'relative') {
    // A time of day has no date to move; an amount past ten thousand years has no date to land on.
    const fits = Math.abs(v.amount) <= RELATIVE_LIMIT[v.unit] && type.day !== undefined
    return fits
      ? { kind: 'moment', moment: { kind: 'relative', amount: v.amount, unit: v.unit }, span: v.span }
      : refuse('rql.invalid_value')
  }
  const text = textOf(v)
  if (isBlank(text)) return refuse('rql.invalid_value.empty')
  const interval = type.literal(text)
  return interval ? { kind: 'interval', interval, span: v.span } : refuse('value_error.date')
}

/**
 * A select's option by its value, or else by its title in any case: people type what they see
 * (`cf_priority = High`), the table stores the value ('high').
 */
function optionOf(field: QueryField, text: string): string | number | undefined {
  const options = field.definition.settings.options ?? []
  const lower = text.toLowerCase()
  return (
    options.find((o) => String(o.value) === text)?.value ??
    options.find((o) => o.title.toLowerCase() === lower)?.value
  )
}

/** Through the type's value rule, as one value (one option of a multiple select), never required. */
function stored(field: QueryField, text: string, span: Span): Operand | Refusal {
  const d = field.definition
  const single = { ...d, settings: { ...d.settings, required: false, multiple: false } }
  const result = buildValueSchema(single).safeParse(text)
  if (!result.success) {
    const code = result.error.issues[0]?.message
    return refuse(code && code in catalogue ? (code as CatalogueCode) : 'rql.invalid_value')
  }
  const value = result.data
  // What the type counts as empty ('+7 (' for a phone) would never match: say "is empty" instead.
  if (value === null || value === undefined) return refuse('rql.invalid_value.empty')
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return { kind: 'value', value, span }
  return refuse('rql.invalid_value')
}
