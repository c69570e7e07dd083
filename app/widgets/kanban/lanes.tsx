import type { KanbanCard } from '@domain/widgets/kinds/kanban'
import { useTranslation } from 'react-i18next'

/** The cards grouped by swimlane (in the order first met), each group headed by its value. */
export function byLane(tasks: KanbanCard[]): [string, string, KanbanCard[]][] {
  const groups = new Map<string, [string, string, KanbanCard[]]>()
  for (const task of tasks) {
    const g = groups.get(task.lane) ?? [task.lane, String(task.lane_value ?? ''), []]
    g[2].push(task)
    groups.set(task.lane, g)
  }
  return [...groups.values()]
}

export function LaneTitle({ title }: { title: string }) {
  const { t } = useTranslation()
  return <p className="wk-lane">{title || t('kanban.lane_none')}</p>
}
