import { z } from 'zod'

/** Ids are UUIDs: a malformed one is bad input (422), not a database error. */
export const idSchema = z.string({ required_error: 'value_error.missing' }).uuid('value_error.uuid')

export const nodeIdParams = z.object({ nodeId: idSchema })
