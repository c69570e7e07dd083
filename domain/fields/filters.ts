import type { FieldFilter, FilterKind, FilterOperator } from './types'

const EMPTY: FilterOperator[] = ['is empty', 'is not empty']
const EQUAL: FilterOperator[] = ['=', '!=', 'in', 'not in']
const ORDER: FilterOperator[] = ['>', '>=', '<', '<=']

/**
 * The query-language operators each table-filter kind allows (spec §5, PRODUCT.md §6). `kind`
 * is what the table's filter modal does; `operators` what a typed query may use.
 */
export const FILTERS: Record<FilterKind, FieldFilter> = {
  contains: { kind: 'contains', operators: ['~', '!~', ...EQUAL, ...EMPTY] },
  equality: { kind: 'equality', operators: [...EQUAL, ...EMPTY] },
  option: { kind: 'option', operators: [...EQUAL, ...EMPTY] },
  range: { kind: 'range', operators: ['=', '!=', ...ORDER, ...EMPTY] },
  none: { kind: 'none', operators: [] },
}

/**
 * A number is filtered by equality in the table (spec §5), but a query comparing it (`cf_points
 * > 3`) is what a tracker's users expect, and the stored value orders naturally.
 */
export const NUMBER_FILTER: FieldFilter = { kind: 'equality', operators: [...EQUAL, ...ORDER, ...EMPTY] }
