import type { LayoutItem } from '@domain/boards/grid'

/*
 * A widget and a board as the upstream answers them (the brief's contract: components `Widget` and
 * `Board`), as far as these pages use them.
 */

export interface WidgetRow {
  id: string
  type: string
  title: string
  settings: Record<string, unknown>
  query: string
  board_ids: string[]
}

export interface BoardRow {
  id: string
  name: string
  layout: LayoutItem[]
  settings: { no_left_menu?: boolean; no_top_menu?: boolean }
  is_default: boolean
  widgets: Omit<WidgetRow, 'board_ids'>[]
}
