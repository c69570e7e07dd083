import type { LinksFunction } from '@remix-run/node'
import gridStyles from 'react-grid-layout/css/styles.css'
import { fieldLinks } from '~/fields/links'
import kanbanStyles from '~/widgets/kanban/kanban.css'
import mapStyles from '~/widgets/map/map.css'
import widgetStyles from '~/widgets/widgets.css'

/** The board pages' styles: the widgets' and the grid editor's (small; its script loads on demand). */
export const boardLinks: LinksFunction = () => [
  // The fields' sheet styles the schedule's date picker (the field registry's picker parts).
  ...fieldLinks(),
  { rel: 'stylesheet', href: gridStyles },
  { rel: 'stylesheet', href: widgetStyles },
  { rel: 'stylesheet', href: mapStyles },
  { rel: 'stylesheet', href: kanbanStyles },
]
