import type { PluginDefinition } from './types'

/** How the connection to the SMTP server is protected: none, STARTTLS after connecting, TLS from the start. */
export const SMTP_SECURITY = ['none', 'starttls', 'tls'] as const
export type SmtpSecurity = (typeof SMTP_SECURITY)[number]

/**
 * E-mail (PRODUCT.md §7): the SMTP server the node's notifications are sent through
 * (api/src/plugins/email). The password is a secret: write-only, sealed at rest, and bound to the
 * server it is sent to (dropped when host, port, protection or user change without it).
 */
export const email: PluginDefinition = {
  id: 'email',
  name: 'plugins.email.name',
  description: 'plugins.email.description',
  version: '1.1.0',
  single: true,
  test: true,
  outbound: { purpose: 'smtp', hosts: ['host'] },
  // The password is sent to the SMTP server: a new server, port, protection or user does not get it.
  secretsBoundTo: { password: ['host', 'port', 'tls', 'user'] },
  settings: [
    {
      name: 'host',
      type: 'text',
      title: 'plugins.email.host',
      settings: { required: true, max_length: 255, placeholder: 'smtp.example.com' },
    },
    { name: 'port', type: 'number', title: 'plugins.email.port', settings: { required: true, default: 587 } },
    {
      name: 'tls',
      type: 'select',
      title: 'plugins.email.tls',
      settings: {
        required: true,
        default: 'starttls',
        options: SMTP_SECURITY.map((v) => ({ title: `plugins.email.tls.${v}`, value: v })),
      },
    },
    { name: 'user', type: 'text', title: 'plugins.email.user', settings: { max_length: 255 } },
    { name: 'password', type: 'password', title: 'plugins.email.password', settings: { max_length: 500 } },
    {
      name: 'from',
      type: 'email',
      title: 'plugins.email.from',
      settings: { required: true, max_length: 255, placeholder: 'nodus@example.com' },
    },
    {
      name: 'from_name',
      type: 'text',
      title: 'plugins.email.from_name',
      settings: { max_length: 100, placeholder: 'Nodus' },
    },
  ],
  checkSettings: (s) =>
    typeof s.port === 'number' && (!Number.isInteger(s.port) || s.port < 1 || s.port > 65535)
      ? [{ path: ['port'], code: 'plugins.port_range' }]
      : [],
}
