import { Readable } from 'node:stream'
import type { DetailEntry } from '@domain/errors/catalogue'
import type { Dispatcher } from 'undici'
import type { Access } from '../access.server'
import { readToken } from '../session.server'
import {
  type DataOf,
  isUpstreamDown,
  postPath,
  proxyHeaders,
  putPath,
  upstreamPath,
  upstreamPool,
  upstreamUnavailableResponse,
} from '../upstream.server'
import type { Attachment } from './tasks.server'

interface Streamed<T> {
  status: number
  data?: T
  detail: DetailEntry[]
}

/**
 * The browser's multipart body streamed on to the upstream as it arrives (never held whole here):
 * the same Content-Type (its boundary), the caller's bearer. The answer is read as JSON (it is small).
 */
async function streamMultipart<T>(
  request: Request,
  method: 'POST' | 'PUT',
  path: string,
): Promise<Streamed<T>> {
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
  let res: Dispatcher.ResponseData
  try {
    res = await upstreamPool().request({
      method,
      path: upstreamPath(path),
      headers,
      body: Readable.fromWeb(request.body as import('node:stream/web').ReadableStream<Uint8Array>),
      signal: request.signal,
    })
  } catch (error) {
    if (isUpstreamDown(error)) throw upstreamUnavailableResponse()
    throw error
  }
  const text = await res.body.text()
  let json: { data?: T; detail?: DetailEntry[] } | undefined
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

/** An attachment upload: POST /attachments/{nodeId}/{taskId}. */
export function streamAttachment(
  request: Request,
  access: Access,
  taskId: string,
  type = 'attachment',
): Promise<Streamed<Attachment>> {
  const query = new URLSearchParams({ type })
  const path = postPath('/api/attachments/{nodeId}/{id}', { nodeId: access.node.id, id: taskId })
  return streamMultipart(request, 'POST', `${path}?${query}`)
}

/** A user's picture (spec §3 user.logo): PUT /users/{userId}/logo, `nodeId` for an administrator. */
export function streamUserLogo(
  request: Request,
  userId: string,
  nodeId?: string,
): Promise<Streamed<DataOf<'/api/users/me', 'get'>>> {
  const path = putPath('/api/users/{userId}/logo', { userId })
  return streamMultipart(
    request,
    'PUT',
    nodeId ? `${path}?${new URLSearchParams({ node_id: nodeId })}` : path,
  )
}
