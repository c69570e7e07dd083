import { FUNCTIONS } from './ast'
import type { QueryField } from './fields'
import { keywordOf, lex, type Token } from './lexer'
import { printValue } from './print'

/*
 * Completion as a query is typed: what may come at the caret — a key, an operator the key's type
 * allows, a value of the key (a status, a person, an option: the caller's vocabulary), a keyword —
 * and which part of the text a choice replaces. It reads the tokens before the caret with a small
 * walk of the grammar, so a half-typed query (which the parser refuses) still gets suggestions.
 */

export interface Suggestion {
  /** What the text gets: a key, an operator, a value quoted when it must be, a keyword. */
  insert: string
  /** What the list shows: a field's title, a person's name; the inserted text when none. */
  label: string
  /** A second line: the key under a title, a person's e-mail. */
  detail?: string
  kind: 'field' | 'operator' | 'value' | 'keyword'
}

export interface Completion {
  /** The part of the text a choice replaces: the word being typed (empty at a gap). */
  from: number
  to: number
  items: Suggestion[]
}

/** A value a key may take, as the vocabulary holds it: what is written, and what people read. */
export interface VocabularyValue {
  value: string
  label?: string
  detail?: string
}

/** Values by lower-case key (`status`, `assignee`, `process.key`); a select's options come from its definition. */
export type Vocabulary = Record<string, readonly VocabularyValue[]>

export const MAX_SUGGESTIONS = 8

type Place =
  | { kind: 'field' }
  | { kind: 'operator'; field: string }
  | { kind: 'value'; field: string }
  | { kind: 'after' }
  | { kind: 'empty' }
  | { kind: 'sort' }
  | { kind: 'direction' }
  | { kind: 'none' }

const VALUE_TOKENS = new Set<Token['type']>(['word', 'number', 'relative', 'string'])

/** Where the caret stands in the grammar, from the tokens before it. */
function placeOf(tokens: Token[]): Place {
  let state:
    | 'field'
    | 'op'
    | 'not-in'
    | 'list-open'
    | 'list'
    | 'list-next'
    | 'value'
    | 'is'
    | 'after'
    | 'by'
    | 'sort'
    | 'sort-next'
    | 'none' = 'field'
  let field = ''
  for (const tok of tokens) {
    const kw = keywordOf(tok)
    switch (state) {
      case 'field':
        if (tok.type === '(' || kw === 'not') break
        if (kw === 'order') state = 'by'
        else if (tok.type === 'word' && !kw) {
          field = tok.text.toLowerCase()
          state = 'op'
        } else state = 'none'
        break
      case 'op':
        if (tok.type === 'operator') state = 'value'
        else if (kw === 'in') state = 'list-open'
        else if (kw === 'not') state = 'not-in'
        else if (kw === 'is') state = 'is'
        else state = 'none'
        break
      case 'not-in':
        state = kw === 'in' ? 'list-open' : 'none'
        break
      case 'list-open':
        state = tok.type === '(' ? 'list' : 'none'
        break
      case 'list':
        state = VALUE_TOKENS.has(tok.type) ? 'list-next' : 'none'
        break
      case 'list-next':
        // A function's own parentheses (`me()`) stay in the list.
        if (tok.type === ',') state = 'list'
        else if (tok.type === ')') state = 'after'
        else if (tok.type !== '(') state = 'none'
        break
      case 'value':
        state = VALUE_TOKENS.has(tok.type) ? 'after' : 'none'
        break
      case 'is':
        if (kw === 'empty') state = 'after'
        else if (kw !== 'not') state = 'none'
        break
      case 'after':
        if (kw === 'and' || kw === 'or') state = 'field'
        else if (kw === 'order') state = 'by'
        else if (tok.type !== ')' && tok.type !== '(') state = 'none'
        break
      case 'by':
        state = kw === 'by' ? 'sort' : 'none'
        break
      case 'sort':
        state = tok.type === 'word' && !kw ? 'sort-next' : 'none'
        break
      case 'sort-next':
        if (tok.type === ',') state = 'sort'
        else if (kw !== 'asc' && kw !== 'desc') state = 'none'
        break
      case 'none':
        break
    }
  }
  switch (state) {
    case 'field':
      return { kind: 'field' }
    case 'op':
      return { kind: 'operator', field }
    case 'value':
    case 'list':
      return { kind: 'value', field }
    case 'list-next':
    case 'after':
      return { kind: 'after' }
    case 'is':
      return { kind: 'empty' }
    case 'sort':
      return { kind: 'sort' }
    case 'sort-next':
      return { kind: 'direction' }
    default:
      return { kind: 'none' }
  }
}

/** The text a token being typed stands for: a quoted string without its quotes (closed or not). */
function typed(tok: Token | undefined): string {
  if (!tok) return ''
  if (tok.type === 'string') return tok.value
  if (tok.text.startsWith('"')) return tok.text.slice(1).replace(/\\(["\\])/g, '$1')
  return tok.text
}

const fold = (s: string) => s.toLocaleLowerCase()

/** Those of `items` whose text or label starts with what is typed first, then those that hold it. */
function matching(items: Suggestion[], prefix: string, written: string): Suggestion[] {
  const p = fold(prefix)
  if (!p) return items.slice(0, MAX_SUGGESTIONS)
  const starts: Suggestion[] = []
  const holds: Suggestion[] = []
  for (const s of items) {
    // Nothing to offer in place of exactly what is typed (Enter then searches, as it should).
    if (fold(s.insert) === fold(written) || fold(s.label) === p) continue
    const texts = [s.insert, s.label, s.detail ?? ''].map((x) => fold(x.replace(/^"/, '')))
    if (texts.some((x) => x.startsWith(p))) starts.push(s)
    else if (texts.some((x) => x.includes(p))) holds.push(s)
  }
  return [...starts, ...holds].slice(0, MAX_SUGGESTIONS)
}

const keyword = (insert: string): Suggestion => ({ insert, label: insert, kind: 'keyword' })

/** A value as the query must write it: bare when it reads back as itself, else quoted. */
export const writtenValue = (value: string) =>
  printValue({ kind: 'string', value, span: { start: 0, end: 0 } })

function fieldSuggestion(f: QueryField): Suggestion {
  const title = f.custom && f.path.length === 0 ? f.definition.title : ''
  return title && title !== f.name
    ? { insert: f.name, label: title, detail: f.name, kind: 'field' }
    : { insert: f.name, label: f.name, kind: 'field' }
}

function valuesOf(field: QueryField, vocabulary: Vocabulary): Suggestion[] {
  const own: VocabularyValue[] = [
    ...(vocabulary[field.name] ?? []),
    ...(field.custom && field.type === 'select'
      ? (field.definition.settings.options ?? []).map((o) => ({ value: String(o.value), label: o.title }))
      : []),
  ]
  const values: Suggestion[] = own.map((v) => ({
    insert: writtenValue(v.value),
    label: v.label || v.value,
    ...(v.detail ? { detail: v.detail } : v.label && v.label !== v.value ? { detail: v.value } : {}),
    kind: 'value',
  }))
  const users = field.definition.settings.source === 'users'
  const functions = FUNCTIONS.filter((f) =>
    f === 'me' ? users : field.filter.kind === 'range' && (f === 'today' || f === 'now'),
  )
  return [
    ...values,
    ...functions.map((f): Suggestion => ({ insert: `${f}()`, label: `${f}()`, kind: 'value' })),
  ]
}

/**
 * What may come at `caret` in `text`, given the node's keys (queryFields) and values; null when
 * nothing fits (inside a value that needs none, past an error).
 */
export function completeAt(
  text: string,
  caret: number,
  fields: readonly QueryField[],
  vocabulary: Vocabulary = {},
): Completion | null {
  const tokens = lex(text.slice(0, caret)).filter((t) => t.type !== 'end')
  const last = tokens.at(-1)
  // The word under the caret is being typed: it is what a choice replaces.
  const current =
    last &&
    last.end === caret &&
    (VALUE_TOKENS.has(last.type) || last.type === 'error' || last.type === 'operator')
      ? last
      : undefined
  const before = tokens.filter((t) => t !== current && t.type !== 'space')
  const place = placeOf(before)
  const from = current?.start ?? caret
  // The rest of the word after the caret goes too, so a choice never leaves half a word behind.
  const rest = /^[^\s()",=!<>~]*/.exec(text.slice(caret))?.[0].length ?? 0
  const prefix = typed(current)
  const byName = new Map(fields.map((f) => [f.name, f]))
  let items: Suggestion[]
  switch (place.kind) {
    case 'field': {
      // Children (`assignee.contacts.email`) only once a dot asks for them: the list stays short.
      const dotted = prefix.includes('.')
      const keys = fields.filter((f) => f.filter.kind !== 'none' && (dotted || f.path.length === 0))
      items = [...keys.map(fieldSuggestion), keyword('not')]
      break
    }
    case 'operator': {
      const field = byName.get(place.field)
      if (!field || current?.type === 'word') return null
      items = field.filter.operators.map((op) => ({ insert: op, label: op, kind: 'operator' }))
      break
    }
    case 'value': {
      const field = byName.get(place.field)
      if (!field) return null
      items = valuesOf(field, vocabulary)
      break
    }
    case 'after':
      if (!current) return null
      items = ['and', 'or', 'order by'].map(keyword)
      break
    case 'empty':
      items = ['empty', 'not empty'].map(keyword)
      break
    case 'sort':
      items = fields.filter((f) => f.sortable && f.path.length === 0).map(fieldSuggestion)
      break
    case 'direction':
      if (!current) return null
      items = ['asc', 'desc'].map(keyword)
      break
    default:
      return null
  }
  const found = matching(items, prefix, text.slice(from, caret + rest))
  return found.length ? { from, to: caret + rest, items: found } : null
}
