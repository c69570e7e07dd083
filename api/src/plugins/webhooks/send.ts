import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { SIGNATURE_HEADER, signBody } from './signature'
import { guardedLookup, PrivateTargetError } from './target'

/** One attempt's outcome: the receiver's status (null: no answer) and a short text for the log. */
export interface Attempt {
  status: number | null
  answer: string
  ok: boolean
}

const ANSWER_MAX = 500

/**
 * POSTs the body, signed, and reads at most a little of the answer. Never throws: a refused
 * address, a timeout or a reset is an attempt without status.
 */
export function postSigned(
  url: string,
  body: string,
  secret: string,
  opts: { timeoutMs: number; allowPrivate: boolean; eventType: string },
): Promise<Attempt> {
  return new Promise((resolve) => {
    let target: URL
    try {
      target = new URL(url)
    } catch {
      return resolve({ status: null, answer: 'invalid URL', ok: false })
    }
    const send =
      target.protocol === 'https:' ? httpsRequest : target.protocol === 'http:' ? httpRequest : null
    if (!send) return resolve({ status: null, answer: 'unsupported scheme', ok: false })
    const req = send(
      target,
      {
        method: 'POST',
        lookup: guardedLookup(opts.allowPrivate) as never,
        timeout: opts.timeoutMs,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Nodus-Webhooks/1.0',
          'x-nodus-event': opts.eventType,
          [SIGNATURE_HEADER]: signBody(secret, body),
        },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          if (text.length < ANSWER_MAX) text += chunk
        })
        res.on('end', () => {
          const status = res.statusCode ?? null
          resolve({
            status,
            answer: text.slice(0, ANSWER_MAX),
            ok: status !== null && status >= 200 && status < 300,
          })
        })
        res.on('error', (err) => resolve({ status: res.statusCode ?? null, answer: err.message, ok: false }))
      },
    )
    // A hard stop: a receiver that never answers costs one timeout, not a stuck worker.
    const timer = setTimeout(
      () => req.destroy(new Error(`no answer in ${opts.timeoutMs} ms`)),
      opts.timeoutMs,
    )
    req.on('timeout', () => req.destroy(new Error(`no answer in ${opts.timeoutMs} ms`)))
    req.on('error', (err) =>
      resolve({
        status: null,
        answer:
          err instanceof PrivateTargetError ? 'plugins.private_target' : err.message.slice(0, ANSWER_MAX),
        ok: false,
      }),
    )
    req.on('close', () => clearTimeout(timer))
    req.end(body)
  })
}
