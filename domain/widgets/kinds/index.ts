import { calendar } from './calendar'
import { schedule } from './schedule'
import { table } from './table'

/** Every widget type, in the order a type picker shows them. Map and schedule join here. */
export const kinds = [table, calendar, schedule] as const
