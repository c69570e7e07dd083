import fc from 'fast-check'

/*
 * Random query texts for the query language's properties (rql/compile.property.test.ts,
 * services/task-page-memo.test.ts), over the keys of the RQL fixture's node (rql-fixtures.ts):
 * conditions of every operator, and/or/not, an optional order, and plain random strings. Typed
 * values carry a marker character («), so that a test can see where a value went.
 */

const KEYS = [
  ...['title', 'description', 'key', 'status', 'status.name', 'assignee', 'assignee.full_name', 'author'],
  ...['assignee.contacts.email', 'process.key', 'created_at', 'updated_at', 'cf_text', 'cf_points'],
  ...['cf_priority', 'cf_tags', 'cf_done', 'cf_due', 'cf_at', 'cf_month', 'cf_year', 'cf_phone'],
  ...['cf_place.city', 'cf_rows.label', 'cf_rows.size', 'cf_memo', 'cf_nope', 'Title', 'CF_TEXT'],
]
const OPS = ['=', '!=', '>', '>=', '<', '<=', '~', '!~']
const DANGER = ["'", "' or '1'='1", '"); drop table tasks; --', '$1', '%', '_', '\\', '--', ';', '\u0000']

const quote = (s: string) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`
/** A typed value carrying the marker, or one of the language's other values. */
const marked = fc
  .tuple(fc.constantFrom(...DANGER, ''), fc.string({ maxLength: 8 }))
  .map(([a, b]) => `«${a}${b}`)
const value = fc.oneof(
  marked.map(quote),
  fc.constantFrom('5', '-2.5', '2024-01-31', '31.01.2024', '2024-01', '2024', 'me()', 'today()', 'now()'),
  fc.constantFrom('-7d', '+2w', 'true', 'false', 'High', 'bug', '+79161234567', 'Open'),
)
const cond = fc.oneof(
  fc.tuple(fc.constantFrom(...KEYS), fc.constantFrom(...OPS), value).map((p) => p.join(' ')),
  fc
    .tuple(
      fc.constantFrom(...KEYS),
      fc.constantFrom('in', 'not in'),
      fc.array(value, { minLength: 1, maxLength: 3 }),
    )
    .map(([k, op, vs]) => `${k} ${op} (${vs.join(', ')})`),
  fc.tuple(fc.constantFrom(...KEYS), fc.constantFrom('is empty', 'is not empty')).map((p) => p.join(' ')),
)
const { expr } = fc.letrec((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small' },
    cond,
    fc.tuple(tie('expr'), fc.constantFrom('and', 'or', 'AND'), tie('expr')).map((p) => p.join(' ')),
    tie('expr').map((e) => `not (${e})`),
  ),
}))
/** A query's text, and its condition alone (undefined for the random strings). */
export const query = fc.oneof(
  fc
    .tuple(
      expr,
      fc.option(fc.subarray(['cf_points desc', 'status', 'key', 'cf_due', 'assignee'], { minLength: 1 })),
    )
    .map(([e, order]) => ({ text: order ? `${e} order by ${order.join(', ')}` : e, cond: e })),
  fc.string({ maxLength: 40 }).map((text) => ({ text, cond: undefined as string | undefined })),
)
