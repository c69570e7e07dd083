import type { LinksFunction } from '@remix-run/node'
import adminStyles from '../admin/admin.css'
import styles from './admin-workflow.css'

/** The style sheets of the workflow admin pages (the shared admin pieces, then their own). */
export const workflowLinks: LinksFunction = () => [
  { rel: 'stylesheet', href: adminStyles },
  { rel: 'stylesheet', href: styles },
]
