import { createHmac } from 'node:crypto'

/**
 * The key the web app sends in `x-nodus-proxy` so the upstream believes its X-Forwarded-For and
 * X-Request-Id. Same HMAC as `proxyKey` in api/src/app.ts; re-implemented here so that app/ does not
 * import api/ (STYLE.md: data flows one way).
 */
export function proxyKey(secret: string): string {
  return createHmac('sha256', secret).update('nodus-proxy').digest('base64url')
}
