import type { FastifyRequest } from 'fastify'
import type { Auth } from './auth-hook'

/** Who is asking, as services need it: the signed-in user, the request id (audit) and the address. */
export interface Caller {
  auth: Auth
  requestId: string
  ip: string
}

export const callerOf = (req: FastifyRequest): Caller => ({
  auth: req.auth,
  requestId: req.id,
  ip: req.clientIp,
})
