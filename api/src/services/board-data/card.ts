import { hasRight } from '@domain/rights/rights'
import { CARD_FIELDS_SETTING, CARD_SUBTITLE_SETTING, type WidgetCard } from '@domain/widgets/card'
import type { Db } from '../../db/client'
import type { Caller } from '../../http/caller'
import { notFound } from '../../http/errors'
import { boardIdsOfWidget, widgetOfNode } from '../../repositories/board-data-repository'
import { findTask, usersByIds } from '../../repositories/tasks-repository'
import { mayViewBoard } from '../boards'
import { configCovering } from '../node-config'
import { inScope, scopeIn, type TaskCaller, taskCaller } from '../task-access'
import { headersOf, peopleOf, taskValue } from './task-values'
import { namesOf, settingOf, taskSummary } from './types'

/*
 * The card modal's data (GET /widgets/{nodeId}/{widgetId}/card/{taskId}): one task as a widget
 * shows it when clicked. The widget must be one the caller sees (is_admin, or on a board they may
 * view) and the task one their task_view reaches in the same node; anything else is not found,
 * so the answer never tells a task that exists from one that does not.
 */

async function mayViewWidget(db: Db, who: TaskCaller, nodeId: string, widgetId: string): Promise<boolean> {
  if (hasRight(who.rights, 'is_admin')) return true
  const boards = await boardIdsOfWidget(db, nodeId, widgetId)
  return boards.some((b) => mayViewBoard(who.rights, b))
}

export async function widgetCard(
  db: Db,
  c: Caller,
  nodeId: string,
  widgetId: string,
  taskId: string,
): Promise<WidgetCard> {
  const who = await taskCaller(db, c, nodeId)
  const [widget, task, visible] = await Promise.all([
    widgetOfNode(db, nodeId, widgetId),
    findTask(db, nodeId, taskId),
    mayViewWidget(db, who, nodeId, widgetId),
  ])
  if (!widget || !visible) throw notFound('widgets.widget_not_found')
  if (!task || !inScope(scopeIn(who.config, who.rights, 'task_view'), task.processId))
    throw notFound('tasks.task_not_found')

  const settings = widget.settings ?? {}
  const config = await configCovering(db, nodeId, who.config, [task])
  const [subtitle] = headersOf(config, namesOf(settingOf(settings, CARD_SUBTITLE_SETTING)).slice(0, 1))
  const fields = headersOf(config, namesOf(settingOf(settings, CARD_FIELDS_SETTING)))
  const all = [...(subtitle ? [subtitle] : []), ...fields]
  const people = await peopleOf(
    (ids) => usersByIds(db, [...ids]),
    [task],
    all.map((h) => h.field),
  )
  const present = (h: (typeof all)[number]) => ({
    ...h.header,
    settings: h.field.custom ? { ...h.field.definition.settings } : {},
    value: taskValue(task, h.field, config, people),
  })
  return {
    ...taskSummary(config, task),
    subtitle: subtitle ? present(subtitle) : null,
    fields: fields.map(present),
  }
}
