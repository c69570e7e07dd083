import type { LinksFunction } from '@remix-run/node'
import styles from './fields.css'

/** The field components' style sheet: a page that renders fields adds these to its `links`. */
export const fieldLinks: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]
