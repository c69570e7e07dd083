/*
 * The task query language (PRODUCT.md §6): parse, check, print, highlight. See README.md here for
 * the grammar's decisions and what the SQL compiler receives.
 */

export type * from './ast'
export { FUNCTIONS, KEYWORDS } from './ast'
export type {
  CheckedCompare,
  CheckedCondition,
  CheckedEmpty,
  CheckedExpr,
  CheckedIn,
  CheckedQuery,
  CheckedSort,
} from './check'
export { checkQuery, checkQueryText } from './check'
export type { Completion, Suggestion, Vocabulary, VocabularyValue } from './complete'
export { completeAt, MAX_SUGGESTIONS, writtenValue } from './complete'
export type { RqlError, RqlErrorCode, RqlResult } from './errors'
export { rqlDetail } from './errors'
export type { QueryField } from './fields'
export { queryFields } from './fields'
export type { HighlightKind, HighlightToken } from './highlight'
export { tokenize } from './highlight'
export type { Bound, Interval, Moment } from './moments'
export { rangeBounds } from './moments'
export { MAX_DEPTH, MAX_QUERY_LENGTH, parseQuery } from './parser'
export { printExpr, printQuery, printValue } from './print'
export type { Resolved, RunContext } from './resolve'
export { resolveOperand } from './resolve'
export type { Operand, Stored } from './values'
