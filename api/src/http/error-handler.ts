import type { DetailEntry } from '@domain/errors/catalogue'
import { messageFor } from '@domain/errors/catalogue'
import { issueDetail } from '@domain/errors/issues'
import type { FastifyError, FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { ZodIssue } from 'zod'
import { AppError } from './errors'

/** Maps one zod issue to a catalogue entry. Schemas in domain/ use catalogue codes as their messages. */
export const issueToDetail = (issue: ZodIssue, where: string): DetailEntry =>
  issueDetail(issue, [where, ...issue.path])

const send = (status: number, detail: DetailEntry[]) => ({ status, body: { detail } })

function toResponse(error: FastifyError | AppError): { status: number; body: { detail: DetailEntry[] } } {
  if (error instanceof AppError) return send(error.statusCode, error.toDetails())
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = (error as { validationContext?: string }).validationContext ?? 'body'
    return send(
      422,
      error.validation.map((v) => issueToDetail(v.params.issue, where === 'querystring' ? 'query' : where)),
    )
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return send(400, [{ type: 'value_error.json', msg: messageFor('value_error.json'), loc: ['body'] }])
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return send(413, [{ type: 'request.too_large', msg: messageFor('request.too_large') }])
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return send(415, [
        { type: 'value_error', msg: messageFor('value_error'), loc: ['headers', 'content-type'] },
      ])
  }
  if (error.statusCode === 429)
    return send(429, [{ type: 'request.too_many', msg: messageFor('request.too_many') }])
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    return send(error.statusCode, [{ type: 'value_error', msg: messageFor('value_error') }])
  return send(500, [{ type: 'server.error', msg: messageFor('server.error') }])
}

/** One error shape for everything, including what Fastify answers itself (PRODUCT.md §2). */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const { status, body } = toResponse(error)
    if (status >= 500) req.log.error({ err: error }, 'request failed')
    return reply.status(status).send(body)
  })
  app.setNotFoundHandler((_req, reply) =>
    reply.status(404).send({ detail: [{ type: 'request.not_found', msg: messageFor('request.not_found') }] }),
  )
})
