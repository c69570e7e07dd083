/*
 * The SQL side of the task query language (PRODUCT.md §6): domain/rql parses and checks, this
 * compiles a checked query to a parameterised condition and an order over `tasks`. See README.md.
 */
export type { Join } from './columns'
export { joinClauses } from './columns'
export type { CompileContext, CompiledQuery } from './compile'
export { compileQuery, likePattern } from './compile'
export type { SortKey } from './order'
export {
  type CarriedTotal,
  cursorTotal,
  decodeCursor,
  encodeCursor,
  keysetAfter,
  orderByClause,
} from './order'
