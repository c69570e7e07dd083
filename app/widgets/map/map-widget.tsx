import type { MapData } from '@domain/widgets/kinds/map'
import { widgetParam } from '@domain/widgets/params'
import { useNavigate } from '@remix-run/react'
import { lazy, Suspense, useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { routes } from '~/lib/routes'
import { useCardModal } from '../card-modal/card-modal-provider'
import type { WidgetViewProps } from '../types'
import { MapList } from './map-list'

/** maplibre and the map live in their own chunk: never in the first load of a page without a map. */
const MapCanvas = lazy(() => import('./map-canvas'))

const processKeyOf = (key: string) => key.replace(/-\d+$/, '')

/**
 * Map widget (spec §2 Widgets; issue 12). The server's markup is the list of the tasks in the
 * map's area (the map without JavaScript); once the page's scripts run (`onParams` given), the map
 * is loaded in its place. If it cannot be shown (no WebGL…), the list stays with a note.
 */
export function MapWidget({ widget, data, search, onParams }: WidgetViewProps<MapData>) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const modal = useCardModal()
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')
  const interactive = Boolean(onParams) && state !== 'failed' && data.field !== null
  // A task opens the card modal; where the page has none, its card.
  const onTask = useCallback(
    (point: number, returnFocusTo?: HTMLElement | null) => {
      const id = data.points.id[point]
      const key = data.points.key[point]
      if (id && modal) modal.open(widget.id, id, returnFocusTo)
      else if (key) navigate(routes.TaskCard(processKeyOf(key), key))
    },
    [data, navigate, modal, widget.id],
  )
  return (
    <div className="wm" data-testid="map-widget" data-state={interactive ? state : 'list'}>
      {interactive ? (
        <Suspense fallback={<p className="wm-loading">{t('widget.map.loading')}</p>}>
          <MapCanvas
            widget={widget}
            data={data}
            fromUrl={search.has(widgetParam(widget.id, 'bbox'))}
            onParams={onParams}
            onTask={onTask}
            onState={setState}
          />
        </Suspense>
      ) : null}
      {state === 'failed' ? (
        <p className="wm-failed" role="status" data-testid="map-failed">
          {t('widget.map.failed')}
        </p>
      ) : null}
      {interactive && state === 'ready' ? (
        // The list (and its title) gives way to the map; the sidebar title stays beside it.
        data.sidebar_title ? (
          <h3 className="wm-list-title wm-map-title" data-testid="map-sidebar-title">
            {data.sidebar_title}
          </h3>
        ) : null
      ) : (
        <MapList widget={widget} data={data} search={search} />
      )}
    </div>
  )
}
