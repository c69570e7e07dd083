import type { DefinitionIssue } from '../fields/types'
import { isHttpUrl } from '../nodes/settings-schema'
import type { PluginDefinition } from './types'

const URLS = ['service_center_url', 'issuer', 'jwks_url'] as const
/** What POST /users/verify_token needs: all three, or none (the login page's variant alone). */
const VERIFY = ['issuer', 'audience', 'jwks_url'] as const
const CENTRE_IDS = ['project_id', 'account_id'] as const

const given = (s: Record<string, unknown>, k: string) => typeof s[k] === 'string' && s[k] !== ''

/**
 * The rules across settings: addresses are http(s); issuer, audience and JWKS come together; a
 * Project-ID or Account-ID needs the service centre's address. Each part may stand alone, as the
 * node settings it came from allowed (migration 0018): the login variant without token checks
 * refuses every token, token checks without the variant serve another client of verify_token.
 */
function checkSso(s: Record<string, unknown>): DefinitionIssue[] {
  const issues: DefinitionIssue[] = URLS.filter((k) => given(s, k) && !isHttpUrl(s[k] as string)).map(
    (k) => ({ path: [k], code: 'value_error.url' }),
  )
  if (VERIFY.some((k) => given(s, k)))
    for (const k of VERIFY) if (!given(s, k)) issues.push({ path: [k], code: 'value_error.missing' })
  if (CENTRE_IDS.some((k) => given(s, k)) && !given(s, 'service_center_url'))
    issues.push({ path: ['service_center_url'], code: 'value_error.missing' })
  return issues
}

/**
 * Single sign-on (PRODUCT.md §3, §7): the service-centre login the login page offers (shown while
 * the configuration is enabled and has the centre's address), and how POST /users/verify_token
 * checks its tokens (standard OIDC/JWT: issuer, audience, JWKS). The server half:
 * api/src/plugins/sso/. These were node settings (`auth.service_center`, `sso`) until migration 0018.
 */
export const sso: PluginDefinition = {
  id: 'sso',
  name: 'plugins.sso.name',
  description: 'plugins.sso.description',
  version: '1.0.0',
  single: true,
  // Fetched by the servers: the JWKS by the upstream (verify_token), the centre by the web app's
  // sign-in. The issuer is only compared with the token's claim, never fetched (no discovery).
  outbound: { purpose: 'sso', urls: ['jwks_url', 'service_center_url'] },
  settings: [
    {
      name: 'service_center_url',
      type: 'text',
      title: 'plugins.sso.service_center_url',
      settings: { max_length: 2000, placeholder: 'https://sc.example.com/login' },
    },
    { name: 'project_id', type: 'text', title: 'plugins.sso.project_id', settings: { max_length: 200 } },
    { name: 'account_id', type: 'text', title: 'plugins.sso.account_id', settings: { max_length: 200 } },
    { name: 'issuer', type: 'text', title: 'plugins.sso.issuer', settings: { max_length: 2000 } },
    { name: 'audience', type: 'text', title: 'plugins.sso.audience', settings: { max_length: 500 } },
    { name: 'jwks_url', type: 'text', title: 'plugins.sso.jwks_url', settings: { max_length: 2000 } },
    { name: 'create_users', type: 'switch', title: 'plugins.sso.create_users', settings: {} },
  ],
  checkSettings: checkSso,
}
