import type { WidgetType } from '@domain/widgets/registry'
import type { ComponentType, MouseEvent as ReactMouseEvent } from 'react'

/*
 * The browser half of a widget type (STYLE.md §7, §20): its component, fed the data the board's
 * one data call answered for it (domain/widgets/kinds/<type>.ts `data`). Every control is a plain
 * link or GET form built with withWidgetParams (`?w.{id}.page=2`), so a widget works without
 * JavaScript; with it, `onParams` takes over: the URL is replaced and only that widget refetches.
 */

/** What a widget shows about itself (the bound widget of the board). */
export interface WidgetInfo {
  id: string
  type: string
  title: string
}

/** One widget's entry of the board data call (PRODUCT.md §7): its data, or why it has none. */
export type WidgetResult =
  | { type: string; data: unknown; error?: undefined }
  | { type: string; data?: undefined; error: { type: string; msg?: string } }

/**
 * Parameters a control sets; null removes one. `replaceAll` drops the widget's other parameters;
 * `fetchOnly` are sent with this fetch alone, never kept in the URL (a kanban's `only` columns).
 */
export type ParamsChange = (
  params: Record<string, string | number | null>,
  opts?: { replaceAll?: boolean; fetchOnly?: Record<string, string> },
) => void

/** A task row's context menu (open the card, copy the key), asked for at the pointer. */
export type TaskMenuRequest = (
  event: ReactMouseEvent | { clientX: number; clientY: number },
  task: { key: string; process_key: string },
) => void

export interface WidgetViewProps<Data> {
  widget: WidgetInfo
  data: Data
  /** The page's query string: every link keeps the other widgets' parameters. */
  search: URLSearchParams
  /** With JavaScript: apply a change in place. Without it (undefined) the links navigate. */
  onParams?: ParamsChange
  /** With JavaScript: a row's context menu. */
  onTaskMenu?: TaskMenuRequest
}

export type WidgetComponent<Data = unknown> = ComponentType<WidgetViewProps<Data>>

/** The registry's entry type: one component per domain widget type (app/widgets/registry.ts). */
export type WidgetComponents = Record<WidgetType, WidgetComponent<never>>

/** A link's href for a widget's parameters (the page's own path, its query string changed). */
export function paramsHref(search: URLSearchParams): string {
  const qs = search.toString()
  return qs ? `?${qs}` : '?'
}

/** A link that navigates without JavaScript and hands the change to `onParams` with it. */
export function interceptLink(
  onParams: ParamsChange | undefined,
  params: Record<string, string | number | null>,
  opts?: { replaceAll?: boolean },
) {
  if (!onParams) return undefined
  return (event: ReactMouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    onParams(params, opts)
  }
}
