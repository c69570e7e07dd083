import { messageFor } from '@domain/errors/catalogue'
import type { TaskSummary } from '@domain/widgets/common'
import type { Db } from '../../db/client'
import type { WidgetRow } from '../../repositories/board-data-repository'
import type { TaskRow } from '../../repositories/tasks-repository'
import type { NodeConfig } from '../node-config'
import type { ProcessScope, TaskCaller } from '../task-access'
import type { UsersByIds } from './users-batch'

/*
 * A widget type's data provider: how the upstream computes that type's data for a viewer (the
 * cheapest way it can). One module per type beside this one, found through the domain registry's
 * type name (index.ts): map and schedule plug in the same way.
 */

/** What every provider gets: the viewer, the tasks they may see, one clock for the whole call. */
export interface DataContext {
  db: Db
  nodeId: string
  who: TaskCaller
  /** The processes the viewer's task_view reaches: a widget never counts or shows another task. */
  scope: ProcessScope
  now: Date
  /** Users by id, read once for the whole call (users-batch.ts). */
  users: UsersByIds
}

export interface DataProvider<Params = unknown, Data = unknown> {
  compute(ctx: DataContext, widget: WidgetRow, params: Params): Promise<Data>
}

/**
 * Why one widget has no data (its stored query no longer parses, its type or date field is gone):
 * answered as that widget's error entry, never as the board's failure.
 */
export class WidgetFailure extends Error {
  constructor(
    readonly code: string,
    readonly msg: string = messageFor(code),
  ) {
    super(code)
  }
}

export { settingOf } from '@domain/widgets/common'

/** A list of field names from a setting (a single name counts as a list of one). */
export function namesOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : []
  return [...new Set(list.filter((v): v is string => typeof v === 'string' && v !== ''))]
}

/** A task as every widget shows it (domain/widgets/common.ts): its card link and status dot. */
export function taskSummary(config: NodeConfig, t: TaskRow): TaskSummary {
  const s = config.statuses.get(t.statusId)
  return {
    id: t.id,
    key: t.key,
    process_key: config.flows.get(t.processId)?.process.key ?? t.key.replace(/-\d+$/, ''),
    title: t.title,
    status: s ? { id: s.id, name: s.name, color: s.color } : null,
  }
}
