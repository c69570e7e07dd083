import type { MapData } from '@domain/widgets/kinds/map'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { StatusDot } from '~/components/admin-workflow/status-dot'

/** Where the list opens (px in the map) and the tasks it lists (indexes into data.points). */
export interface SamePlaceState {
  x: number
  y: number
  points: number[]
}

interface SamePlaceProps {
  state: SamePlaceState
  data: MapData
  onPick: (point: number) => void
  onClose: () => void
}

/**
 * Spec §2: at the maximum zoom a dropdown lists the tasks at the same coordinates. Opens at the
 * cluster, takes the focus, closes on Escape or a click elsewhere; a task opens its card.
 */
export function SamePlace({ state, data, onPick, onClose }: SamePlaceProps) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    ref.current?.querySelector('button')?.focus()
    const away = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) onClose()
    }
    document.addEventListener('pointerdown', away)
    return () => document.removeEventListener('pointerdown', away)
  }, [onClose])
  return (
    <div
      ref={ref}
      className="wm-same-place"
      role="dialog"
      aria-label={t('widget.map.same_place', { count: state.points.length })}
      data-testid="map-same-place"
      style={{ left: state.x, top: state.y }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose()
      }}
    >
      <p className="wm-same-place-title">{t('widget.map.same_place', { count: state.points.length })}</p>
      <ul>
        {state.points.map((i) => {
          const status = data.statuses[data.points.status[i] ?? -1]
          return (
            <li key={data.points.id[i]}>
              <button type="button" className="wm-same-place-task" onClick={() => onPick(i)}>
                {status ? <StatusDot color={status.color} /> : null}
                <span className="wt-key">{data.points.key[i]}</span>
                {status ? <span className="wm-same-place-status">{status.name}</span> : null}
              </button>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
