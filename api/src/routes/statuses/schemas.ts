import { z } from 'zod'
import { errorEnvelope } from '../../http/envelope'
import { idSchema } from '../../http/params'

export const statusSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  description: z.string(),
  color: z.string(),
})

export const progressSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  /** In order: the first is the initial status. */
  statuses: z.array(statusSchema),
})

export const deletedSchema = z.object({ id: z.string().uuid() })

export const statusParams = z.object({ nodeId: idSchema, statusId: idSchema })

export const errors = {
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  422: errorEnvelope,
}
