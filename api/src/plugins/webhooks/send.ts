import { type AllowPrivate, guardedRequest, PrivateTargetError } from '@domain/outbound/guard.server'
import { SIGNATURE_HEADER, signBody } from './signature'

/** One attempt's outcome: the receiver's status (null: no answer) and a short text for the log. */
export interface Attempt {
  status: number | null
  answer: string
  ok: boolean
}

const ANSWER_MAX = 500

/**
 * POSTs the body, signed, through the outbound guard (ADR 027: the resolved address checked, no
 * redirect followed) and reads at most a little of the answer. Never throws: a refused address, a
 * timeout or a reset is an attempt without status.
 */
export async function postSigned(
  url: string,
  body: string,
  secret: string,
  opts: { timeoutMs: number; allowPrivate: AllowPrivate; eventType: string },
): Promise<Attempt> {
  try {
    const res = await guardedRequest(url, {
      method: 'POST',
      timeoutMs: opts.timeoutMs,
      maxBytes: ANSWER_MAX,
      allowPrivate: opts.allowPrivate,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'Nodus-Webhooks/1.0',
        'x-nodus-event': opts.eventType,
        [SIGNATURE_HEADER]: signBody(secret, body),
      },
      body,
    })
    return {
      status: res.status,
      answer: res.body.toString('utf8'),
      ok: res.status >= 200 && res.status < 300,
    }
  } catch (err) {
    return {
      status: null,
      answer:
        err instanceof PrivateTargetError
          ? 'plugins.private_target'
          : err instanceof TypeError
            ? 'invalid URL'
            : (err as Error).message.slice(0, ANSWER_MAX),
      ok: false,
    }
  }
}
