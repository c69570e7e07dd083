import type { LinksFunction } from '@remix-run/node'
import { fieldLinks } from '~/fields/links'
import adminStyles from '../admin/admin.css'
import styles from './admin-plugins.css'

/** The style sheets of the plugin admin pages: the shared admin pieces, the fields', then their own. */
export const pluginsLinks: LinksFunction = () => [
  { rel: 'stylesheet', href: adminStyles },
  ...fieldLinks(),
  { rel: 'stylesheet', href: styles },
]
