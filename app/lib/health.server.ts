import { proxyHeaders, upstreamPath, upstreamPool, upstreamUnavailableBody } from './upstream.server'

const HEALTH_TIMEOUT_MS = 3_000

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  })

/**
 * The web tier's health: 200 `{data: {status: 'ok', web: 'ok', upstream: <the upstream's data>}}`,
 * or 503 when the upstream is unreachable or unhealthy (a load balancer then stops sending traffic
 * to a web instance that could not serve it anyway).
 */
export async function webHealth(request: Request): Promise<Response> {
  try {
    const res = await upstreamPool().request({
      method: 'GET',
      path: upstreamPath('/api/health'),
      headers: { accept: 'application/json', ...proxyHeaders(request) },
      headersTimeout: HEALTH_TIMEOUT_MS,
      bodyTimeout: HEALTH_TIMEOUT_MS,
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
    })
    const body = (await res.body.json().catch(() => null)) as { data?: unknown; detail?: unknown } | null
    if (res.statusCode === 200 && body?.data) {
      return json({ data: { status: 'ok', web: 'ok', upstream: body.data } }, 200)
    }
    // The upstream serves but its database is away: its own "degraded" data says so.
    return json(
      { data: { status: 'degraded', web: 'ok', upstream: body?.data ?? null }, detail: body?.detail ?? [] },
      503,
    )
  } catch (error) {
    console.error(`[web] upstream health check failed: ${(error as Error).message}`)
    return json(
      { ...upstreamUnavailableBody(), data: { status: 'degraded', web: 'ok', upstream: null } },
      503,
    )
  }
}
