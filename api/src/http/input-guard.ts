import type { DetailEntry } from '@domain/errors/catalogue'
import { messageFor } from '@domain/errors/catalogue'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { InvalidInput } from './errors'

/*
 * Checks every request's input once, before any route's schema sees it (issue 10: no 5xx on any
 * input). Two things no schema of ours should have to repeat:
 * - nesting: a JSON body deeper than MAX_DEPTH is refused while it is still text, and dotted keys
 *   ('a.b.c', expanded by the task payload) count as levels too, so nothing downstream that walks a
 *   value recursively (zod, the dotted-key expansion, custom-field checks) can overflow the stack;
 * - text: a NUL character or a lone UTF-16 surrogate, in any string or key of the body, query or
 *   path, never reaches PostgreSQL (text refuses NUL, jsonb refuses lone surrogates).
 * Both answer 422 with a catalogue code and where the value is.
 */

/** Levels of objects and arrays (and dotted key segments) a request may nest. */
export const MAX_DEPTH = 32

const entry = (type: string, loc: (string | number)[], ctx?: Record<string, number>): DetailEntry => ({
  type,
  msg: messageFor(type, ctx),
  loc,
  ...(ctx ? { ctx } : {}),
})

const tooDeep = (loc: (string | number)[]) =>
  new InvalidInput([entry('value_error.too_deep', loc, { max: MAX_DEPTH })])

/** The deepest nesting of objects and arrays in JSON text, counted without parsing; stops past `max`. */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // backslash: skip the escaped character
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true
    } else if (c === 0x7d || c === 0x5d) depth--
  }
  return false
}

// A lone surrogate is a code point of category Cs only in unicode mode: a proper pair is one code point.
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what is looked for
const UNSTORABLE = /\u0000|\p{Cs}/u

/** A string PostgreSQL stores as it is: no NUL, no lone surrogate. */
export function isStorableText(s: string): boolean {
  return !UNSTORABLE.test(s)
}

/**
 * The first problem in a parsed value, depth first: a string or key that cannot be stored, or
 * nesting (dotted key segments included) beyond MAX_DEPTH. Recursion is bounded: the JSON parser
 * refused anything deeper than MAX_DEPTH, and query and path values are flat.
 */
export function findInputProblem(value: unknown, loc: (string | number)[], depth = 0): DetailEntry | null {
  if (typeof value === 'string')
    return isStorableText(value) ? null : entry('value_error.str.invalid_characters', loc)
  if (value === null || typeof value !== 'object') return null
  if (depth >= MAX_DEPTH) return tooDeep(loc).details[0]!
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = findInputProblem(value[i], [...loc, i], depth + 1)
      if (problem) return problem
    }
    return null
  }
  for (const [key, child] of Object.entries(value)) {
    const at = [...loc, key]
    if (!isStorableText(key)) return entry('value_error.str.invalid_characters', at)
    // 'a.b.c' becomes three levels once the task payload expands it.
    let dots = 0
    for (let i = key.indexOf('.'); i !== -1; i = key.indexOf('.', i + 1)) dots++
    if (depth + 1 + dots > MAX_DEPTH) return tooDeep(at).details[0]!
    const problem = findInputProblem(child, at, depth + 1 + dots)
    if (problem) return problem
  }
  return null
}

function check(req: FastifyRequest) {
  const parts: [string, unknown][] = [
    ['params', req.params],
    ['query', req.query],
    ['body', req.body],
  ]
  for (const [where, value] of parts) {
    const problem = findInputProblem(value, [where])
    if (problem) throw new InvalidInput([problem])
  }
}

/** The JSON body parser with a depth limit, and the text and nesting check of every request. */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = String(body)
    if (jsonDepthExceeds(text, MAX_DEPTH)) {
      done(tooDeep(['body']), undefined)
      return
    }
    parseJson(req, text, done)
  })
  // A callback hook: no promise per request for a check that waits for nothing.
  app.addHook('preValidation', (req, _reply, done) => {
    try {
      check(req)
    } catch (error) {
      return done(error as Error)
    }
    done()
  })
})
