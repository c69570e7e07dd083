import { type SQL, sql } from 'drizzle-orm'

/*
 * A JSON document written into the SQL text as a jsonb literal, where the planner must see the
 * value to plan a statement once for every execution (a named statement's generic plan: ADR 021
 * §6). As a parameter, `custom_fields @> $n` is planned with a fixed guess of 1% of the rows,
 * which picks the GIN bitmap for an equality that matches a quarter of the node — 4× the
 * execution time of the b-tree walk the value's own statistics choose.
 *
 * The only way a request's value enters the SQL text: an escape-string constant (E'…') with
 * every backslash and quote doubled, which reads back as the same text whatever the server's
 * standard_conforming_strings; JSON.stringify writes no raw control character.
 */
export function jsonbLiteral(doc: unknown): SQL {
  const text = JSON.stringify(doc)
  return sql.raw(`E'${text.replace(/[\\']/g, (c) => c + c)}'::jsonb`)
}

/** The SQL text with every literal jsonbLiteral writes taken out (tests: nothing else holds a value). */
export const withoutJsonbLiterals = (text: string) =>
  text.replace(/E'(?:[^'\\]|''|\\\\)*'::jsonb/g, "E''::jsonb")
