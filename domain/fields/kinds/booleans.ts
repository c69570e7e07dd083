import { CODES, isBlank, parser } from '../checks'
import { FILTERS } from '../filters'
import { S } from '../settings'
import type { FieldKindSpec, FieldType } from '../types'

/*
 * Check box and switch: true or false. A form posts 'on' for a ticked box and nothing for an
 * unticked one, so "nothing" is false — and `required` means "must be ticked" (an agreement).
 */

const TRUE = new Set<unknown>([true, 1, 'on', 'true', '1'])
const FALSE = new Set<unknown>([false, 0, 'off', 'false', '0'])
const word = (raw: unknown) => (typeof raw === 'string' ? raw.trim().toLowerCase() : raw)

function toggle<T extends FieldType>(type: T): FieldKindSpec<T> {
  return {
    type,
    // Only what isEmpty lets through reaches here: true, or something that is not a boolean.
    valueSchema: () => parser((raw) => (TRUE.has(word(raw)) ? true : undefined), CODES.invalid),
    isEmpty: (raw) => isBlank(raw) || FALSE.has(word(raw)),
    emptyValue: false,
    format: (v) => ({ key: v === true ? 'fields.yes' : 'fields.no' }),
    filter: FILTERS.equality,
    settingsFields: [S.required, S.default(type)],
  }
}

export const checkbox: FieldKindSpec<'checkbox'> = toggle('checkbox')
export const switchKind: FieldKindSpec<'switch'> = toggle('switch')
