import type { ZodIssue } from 'zod'
import { catalogue, type DetailEntry, messageFor } from './catalogue'

/**
 * One zod issue as a catalogue entry at `loc`. Schemas in domain/ use catalogue codes as their
 * messages; the few zod's own issues that reach us get the nearest code. Shared by the upstream's
 * error mapper and the task planner, so a value refused anywhere reads the same.
 */
export function issueDetail(issue: ZodIssue, loc: (string | number)[]): DetailEntry {
  const entry = (type: string, ctx?: Record<string, string | number>): DetailEntry => ({
    type,
    msg: messageFor(type, ctx),
    loc,
    ...(ctx ? { ctx } : {}),
  })
  // A union refuses with every branch's issues: the one meant is the branch that did not refuse the
  // value's very type (a string given to a string-or-object union gets the string's own code).
  if (issue.code === 'invalid_union') {
    const meant = issue.unionErrors.find(
      (e) => !e.issues.every((i) => i.code === 'invalid_type' && i.path.length === issue.path.length),
    )
    const inner = meant?.issues[0]
    if (inner) return issueDetail(inner, [...loc, ...inner.path.slice(issue.path.length)])
  }
  if (issue.message in catalogue) {
    const ctx: Record<string, string | number> | undefined =
      issue.code === 'too_big'
        ? { max: Number(issue.maximum) }
        : issue.code === 'too_small'
          ? { min: Number(issue.minimum) }
          : issue.code === 'custom' && issue.params
            ? customCtx(issue.params)
            : undefined
    return entry(issue.message, ctx)
  }
  if (issue.code === 'invalid_type' && issue.received === 'undefined') return entry('value_error.missing')
  if (issue.code === 'invalid_string' && issue.validation === 'email') return entry('value_error.email')
  if (issue.code === 'too_big' && issue.type === 'string')
    return entry('value_error.any_str.max_length', { max: Number(issue.maximum) })
  if (issue.code === 'too_small' && issue.type === 'string')
    return entry('value_error.any_str.min_length', { min: Number(issue.minimum) })
  return entry('value_error')
}

/** A refinement's params (such as the line of a refused style sheet) as `ctx`: plain values only. */
function customCtx(params: Record<string, unknown>): Record<string, string | number> | undefined {
  const out = Object.fromEntries(
    Object.entries(params).filter(([, v]) => typeof v === 'string' || typeof v === 'number'),
  ) as Record<string, string | number>
  return Object.keys(out).length ? out : undefined
}
