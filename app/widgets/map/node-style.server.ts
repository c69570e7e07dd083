import type { MapData } from '@domain/widgets/kinds/map'
import { DEFAULT_MAP_STYLE_URL, mapStyleFor, type NodeMapSettings } from '@domain/widgets/map-style'
import { env } from '~/lib/env.server'
import { assetOrigins } from '~/lib/node-theme'
import type { WidgetResult } from '../types'
import { mapTileOrigins } from './origins'

/*
 * The node's map setting applied to the board's map widgets (PRODUCT.md §10): a widget without its
 * own style gets the node's, else the default (MAP_DEFAULT_STYLE, else the public keyless style).
 */

/** The default style URL, or 'offline'. */
export function defaultMapStyle(): string {
  return env().MAP_DEFAULT_STYLE ?? DEFAULT_MAP_STYLE_URL
}

/** A widget's result with the style it draws; other widgets' results as they are. */
export function withMapStyle(result: WidgetResult, node: NodeMapSettings | undefined): WidgetResult {
  if (result.type !== 'map' || result.error) return result
  const data = result.data as MapData
  return { type: result.type, data: { ...data, style: mapStyleFor(data.style, node, defaultMapStyle()) } }
}

/**
 * The origins the page's Content-Security-Policy must allow for the board's map widgets: their own
 * styles', and the node's (or the default) when any map widget has none of its own.
 */
export function boardTileOrigins(
  widgets: { type: string; settings?: Record<string, unknown> }[],
  node: NodeMapSettings | undefined,
): string[] {
  const own = mapTileOrigins(widgets)
  if (!widgets.some((w) => w.type === 'map')) return own
  const shared = mapStyleFor({ url: null, key: null }, node, defaultMapStyle()).url
  return [...new Set([...own, ...assetOrigins([shared ?? undefined])])]
}
