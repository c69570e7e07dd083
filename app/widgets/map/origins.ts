import { settingOf } from '@domain/widgets/common'
import { assetOrigins } from '~/lib/node-theme'

/**
 * The tile services the board's map widgets name (settings view.style_url): the page's
 * Content-Security-Policy lets the browser fetch their style, tiles and glyphs and load their sprites.
 * Without one the map uses the offline basemap from our own origin and needs nothing.
 */
export function mapTileOrigins(widgets: { type: string; settings?: Record<string, unknown> }[]): string[] {
  return assetOrigins(
    widgets
      .filter((w) => w.type === 'map')
      .map((w) => {
        const url = settingOf(w.settings ?? {}, 'view.style_url')
        return typeof url === 'string' ? url : undefined
      }),
  )
}
