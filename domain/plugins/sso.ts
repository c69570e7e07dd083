import { isHttpUrl } from '../nodes/settings-schema'
import type { PluginDefinition } from './types'

const URLS = ['service_center_url', 'issuer', 'jwks_url'] as const

/**
 * Single sign-on (PRODUCT.md §7): the service-centre login the login page offers, and how
 * POST /users/verify_token checks its tokens (standard OIDC/JWT: issuer, audience, JWKS).
 */
export const sso: PluginDefinition = {
  id: 'sso',
  name: 'plugins.sso.name',
  description: 'plugins.sso.description',
  version: '1.0.0',
  single: true,
  settings: [
    {
      name: 'service_center_url',
      type: 'text',
      title: 'plugins.sso.service_center_url',
      settings: { max_length: 2000, placeholder: 'https://sc.example.com/login' },
    },
    { name: 'project_id', type: 'text', title: 'plugins.sso.project_id', settings: { max_length: 200 } },
    { name: 'account_id', type: 'text', title: 'plugins.sso.account_id', settings: { max_length: 200 } },
    {
      name: 'issuer',
      type: 'text',
      title: 'plugins.sso.issuer',
      settings: { required: true, max_length: 2000 },
    },
    {
      name: 'audience',
      type: 'text',
      title: 'plugins.sso.audience',
      settings: { required: true, max_length: 500 },
    },
    {
      name: 'jwks_url',
      type: 'text',
      title: 'plugins.sso.jwks_url',
      settings: { required: true, max_length: 2000 },
    },
    { name: 'create_users', type: 'switch', title: 'plugins.sso.create_users', settings: {} },
  ],
  checkSettings: (s) =>
    URLS.filter((k) => typeof s[k] === 'string' && !isHttpUrl(s[k] as string)).map((k) => ({
      path: [k],
      code: 'value_error.url',
    })),
}
