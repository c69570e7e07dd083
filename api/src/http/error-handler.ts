import type { IncomingMessage } from 'node:http'
import type { DetailEntry } from '@domain/errors/catalogue'
import { messageFor } from '@domain/errors/catalogue'
import { issueDetail } from '@domain/errors/issues'
import { DISCARD_LIMIT } from '@domain/http-limits'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { ZodIssue } from 'zod'
import { DATABASE_RETRY_AFTER_S, isDatabaseUnavailable } from '../db/unavailable'
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
    // The router's own refusals (frameworkErrors below): a path that is not valid percent-encoded
    // UTF-8, a path segment longer than the router takes.
    case 'FST_ERR_BAD_URL':
      return send(400, [{ type: 'value_error', msg: messageFor('value_error'), loc: ['path'] }])
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return send(414, [{ type: 'request.too_large', msg: messageFor('request.too_large'), loc: ['path'] }])
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return send(415, [
        { type: 'value_error', msg: messageFor('value_error'), loc: ['headers', 'content-type'] },
      ])
  }
  // The database is away (down, restarting, the connection ended): try again soon, not "our bug".
  if (isDatabaseUnavailable(error))
    return send(503, [
      { type: 'server.database_unavailable', msg: messageFor('server.database_unavailable') },
    ])
  if (error.statusCode === 429)
    return send(429, [{ type: 'request.too_many', msg: messageFor('request.too_many') }])
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    return send(error.statusCode, [{ type: 'value_error', msg: messageFor('value_error') }])
  return send(500, [{ type: 'server.error', msg: messageFor('server.error') }])
}

/**
 * Fastify's `frameworkErrors` option: what the router refuses before any route, hook or error handler
 * runs (a bad URL, a too long path segment) answers in the same envelope instead of Fastify's own.
 */
export function frameworkErrors(error: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const { status, body } = toResponse(error)
  return reply.status(status).send(body)
}

/**
 * Reads the rest of a request body and throws it away (at most `limit` bytes). A body answered before
 * it was read (413 on its Content-Length, a refusal before an upload is read) would otherwise be cut
 * off: Node closes the connection after the answer, and a client or proxy still sending meets a reset
 * instead of the answer.
 */
export function discardBody(raw: IncomingMessage, limit = DISCARD_LIMIT): Promise<void> {
  if (raw.complete || raw.destroyed || raw.readableEnded) return Promise.resolve()
  return new Promise((resolve) => {
    let seen = 0
    const done = () => {
      clearTimeout(timer)
      raw.off('data', onData)
      resolve()
    }
    const onData = (chunk: Buffer) => {
      seen += chunk.length
      if (seen > limit) done() // beyond reason: answer now, whatever becomes of the connection
    }
    // A caller that stops sending does not hold the answer back for long.
    const timer = setTimeout(done, 30_000)
    raw.on('data', onData)
    raw.once('end', done)
    raw.once('error', done)
    raw.once('close', done)
    // An upload's parser may hold the stream paused (its file part never read): take it back.
    raw.unpipe()
    raw.resume()
  })
}

/** One error shape for everything, including what Fastify answers itself (PRODUCT.md §2). */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(async (error: FastifyError, req, reply) => {
    const { status, body } = toResponse(error)
    if (status === 503) {
      req.log.warn({ err: { message: error.message } }, 'database unavailable')
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_S))
    } else if (status >= 500) req.log.error({ err: error }, 'request failed')
    return reply.status(status).send(body)
  })
  // An answer given before the body was read (413 on its Content-Length, 401, 404 of an upload's
  // task…) waits until the rest of the body has been read and thrown away.
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (req.raw.complete) return done(null, payload)
    discardBody(req.raw).then(
      () => done(null, payload),
      (error: Error) => done(error),
    )
  })
  app.setNotFoundHandler((_req, reply) =>
    reply.status(404).send({ detail: [{ type: 'request.not_found', msg: messageFor('request.not_found') }] }),
  )
})
