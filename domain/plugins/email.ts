import type { PluginDefinition } from './types'

/** E-mail (PRODUCT.md §7): the SMTP server notifications are sent through. */
export const email: PluginDefinition = {
  id: 'email',
  name: 'plugins.email.name',
  description: 'plugins.email.description',
  version: '1.0.0',
  single: true,
  test: true,
  settings: [
    {
      name: 'host',
      type: 'text',
      title: 'plugins.email.host',
      settings: { required: true, max_length: 255 },
    },
    { name: 'port', type: 'number', title: 'plugins.email.port', settings: { required: true, default: 587 } },
    { name: 'tls', type: 'switch', title: 'plugins.email.tls', settings: { default: true } },
    { name: 'user', type: 'text', title: 'plugins.email.user', settings: { max_length: 255 } },
    { name: 'password', type: 'password', title: 'plugins.email.password', settings: { max_length: 500 } },
    {
      name: 'from',
      type: 'email',
      title: 'plugins.email.from',
      settings: { required: true, max_length: 255 },
    },
  ],
  checkSettings: (s) =>
    typeof s.port === 'number' && (s.port < 1 || s.port > 65535)
      ? [{ path: ['port'], code: 'plugins.port_range' }]
      : [],
}
