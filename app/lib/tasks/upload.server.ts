import { Readable } from 'node:stream'
import type { DetailEntry } from '@domain/errors/catalogue'
import type { Dispatcher } from 'undici'
import type { Access } from '../access.server'
import { readToken } from '../session.server'
import {
  isUpstreamDown,
  postPath,
  proxyHeaders,
  upstreamPath,
  upstreamPool,
  upstreamUnavailableResponse,
} from '../upstream.server'
import type { Attachment } from './tasks.server'

/**
 * An attachment upload, the browser's multipart body streamed on to the upstream's
 * POST /attachments/{nodeId}/{taskId} as it arrives (never held whole here): the same Content-Type
 * (its boundary), the caller's bearer. The answer is read as JSON (it is small).
 */
export async function streamAttachment(
  request: Request,
  access: Access,
  taskId: string,
  type = 'attachment',
): Promise<{ status: number; data?: Attachment; detail: DetailEntry[] }> {
  const contentType = request.headers.get('content-type') ?? ''
  if (!contentType.toLowerCase().startsWith('multipart/form-data') || !request.body)
    return { status: 422, detail: [{ type: 'value_error.missing', msg: 'No file', loc: ['body', 'file'] }] }
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': contentType,
    ...proxyHeaders(request),
  }
  const length = request.headers.get('content-length')
  if (length) headers['content-length'] = length
  const token = readToken(request)
  if (token) headers.authorization = `Bearer ${token}`
  const query = new URLSearchParams({ type })
  let res: Dispatcher.ResponseData
  try {
    res = await upstreamPool().request({
      method: 'POST',
      path: upstreamPath(
        `${postPath('/api/attachments/{nodeId}/{id}', { nodeId: access.node.id, id: taskId })}?${query}`,
      ),
      headers,
      body: Readable.fromWeb(request.body as import('node:stream/web').ReadableStream<Uint8Array>),
      signal: request.signal,
    })
  } catch (error) {
    if (isUpstreamDown(error)) throw upstreamUnavailableResponse()
    throw error
  }
  const text = await res.body.text()
  let json: { data?: Attachment; detail?: DetailEntry[] } | undefined
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  return {
    status: res.statusCode,
    data: json?.data,
    detail: Array.isArray(json?.detail) ? json.detail : [],
  }
}
