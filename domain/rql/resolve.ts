import type { QueryField } from './fields'
import { type Interval, resolveMoment } from './moments'
import type { Operand, Stored } from './values'

/*
 * The last step before SQL, taken when the query runs rather than when it is saved: me() becomes
 * the caller's id, today(), now() and relative dates become periods of the clock's time. The
 * compiler binds what comes out as parameters; nothing here is ever spliced into SQL text.
 */

export interface RunContext {
  /** The time the query runs at; the days and periods it names are UTC (spec §9). */
  now: Date
  /** The id of the user running the query, for me(). */
  userId: string
}

export type Resolved = { kind: 'value'; value: Stored } | { kind: 'interval'; interval: Interval }

export function resolveOperand(field: QueryField, operand: Operand, run: RunContext): Resolved {
  switch (operand.kind) {
    case 'value':
      return { kind: 'value', value: operand.value }
    case 'me':
      return { kind: 'value', value: run.userId }
    case 'interval':
      return { kind: 'interval', interval: operand.interval }
    case 'moment': {
      const interval = resolveMoment(field.type, operand.moment, run.now)
      // The checker lets a moment through only where the field's type gives it a period.
      if (!interval) throw new Error(`No period for ${operand.moment.kind} on a ${field.type} field`)
      return { kind: 'interval', interval }
    }
  }
}
