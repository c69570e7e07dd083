import type { LinksFunction } from '@remix-run/node'
import gridStyles from 'react-grid-layout/css/styles.css'
import { fieldLinks } from '~/fields/links'
import kanbanStyles from '~/widgets/kanban/kanban.css'
import mapStyles from '~/widgets/map/map.css'
import widgetStyles from '~/widgets/widgets.css'
import adminStyles from '../admin/admin.css'
import adminUiStyles from '../admin-ui/admin-ui.css'
import workflowStyles from '../admin-workflow/admin-workflow.css'
import rqlStyles from '../rql/rql.css'
import styles from './admin-boards.css'

/** The style sheets of /admin/boards and /admin/widgets (the shared admin pieces, then their own). */
export const boardsAdminLinks: LinksFunction = () => [
  ...fieldLinks(),
  { rel: 'stylesheet', href: adminStyles },
  { rel: 'stylesheet', href: workflowStyles },
  // The switches (AdminToggle) of the board's menu options.
  { rel: 'stylesheet', href: adminUiStyles },
  // react-grid-layout's own rules (items, placeholder, resize handles), before ours over them.
  { rel: 'stylesheet', href: gridStyles },
  // The widgets' own look (the preview shows each through its component).
  { rel: 'stylesheet', href: widgetStyles },
  { rel: 'stylesheet', href: mapStyles },
  { rel: 'stylesheet', href: kanbanStyles },
  // The query box of a widget's settings (shared with the search page).
  { rel: 'stylesheet', href: rqlStyles },
  { rel: 'stylesheet', href: styles },
]
