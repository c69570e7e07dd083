import {
  KANBAN_DEFAULT_DELIMITER,
  KANBAN_DEFAULT_FIELDS,
  KANBAN_DEFAULT_ORDER,
  KANBAN_PER_PAGE,
  KANBAN_PER_PAGE_MAX,
  KANBAN_TOTAL_CAP,
  type KanbanColumn,
  type KanbanData,
  type KanbanParams,
  SWIMLANE_ASSIGNEE,
  SWIMLANE_NONE,
} from '@domain/widgets/kinds/kanban'
import { allowedMoves } from '@domain/workflow/moves'
import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { tasks } from '../../db/schema'
import type { WidgetRow } from '../../repositories/board-data-repository'
import type { TaskRow } from '../../repositories/tasks-repository'
import { type CompiledQuery, joinClauses, orderByClause } from '../../rql'
import { configCovering, type ProcessFlow } from '../node-config'
import { inScope, mayOnProcess } from '../task-access'
import { scopeCondition } from '../task-query'
import { widgetQuery } from './query'
import { headersOf, peopleOf, taskValue } from './task-values'
import { type DataContext, type DataProvider, namesOf, settingOf, taskSummary, WidgetFailure } from './types'

/*
 * Kanban (PRODUCT.md §10, issue 26): every column's first cards, its total and where the viewer
 * may move a card of it. The cards and totals of ALL columns are ONE statement (columnsQuery): the
 * columns' statuses are unnested and each reads its own first rows and its capped count by a
 * lateral subquery over the same condition (node, the viewer's task_view scope, the widget's
 * query, the process), so a board with six columns costs one round trip, not twelve. `moves_to`
 * is the workflow's (domain/workflow/moves.ts, the rule the planner applies on the move itself).
 */

interface KanbanSettings {
  processId: string
  columns: string[]
  swimlane: string
  fields: string[]
  delimiter: string
  order: string
  wip: Record<string, number>
  perPage: number
}

function settingsOf(raw: Record<string, unknown>): KanbanSettings {
  const s = (name: string) => settingOf(raw, name)
  const str = (v: unknown, fallback: string) => (typeof v === 'string' && v ? v : fallback)
  const perPage = Number(s('pagination.per_page'))
  const wipRaw = s('view.wip')
  const wip: Record<string, number> = {}
  if (wipRaw && typeof wipRaw === 'object' && !Array.isArray(wipRaw))
    for (const [id, n] of Object.entries(wipRaw))
      if (Number.isInteger(n) && (n as number) >= 1) wip[id] = n as number
  const fields = s('view.fields')
  return {
    processId: str(s('process_id'), ''),
    columns: namesOf(s('view.columns')),
    swimlane: str(s('view.swimlane'), SWIMLANE_NONE),
    fields: fields === undefined ? [...KANBAN_DEFAULT_FIELDS] : namesOf(fields),
    delimiter:
      typeof s('view.delimiter') === 'string' ? (s('view.delimiter') as string) : KANBAN_DEFAULT_DELIMITER,
    order: str(s('view.order'), KANBAN_DEFAULT_ORDER),
    wip,
    perPage:
      Number.isInteger(perPage) && perPage >= 1 ? Math.min(perPage, KANBAN_PER_PAGE_MAX) : KANBAN_PER_PAGE,
  }
}

/** The process's statuses the widget shows, in its order (all of the progress by default). */
function columnIds(flow: ProcessFlow, wanted: string[]): string[] {
  const inProgress = flow.workflow.status_ids
  if (wanted.length === 0) return [...inProgress]
  return wanted.filter((id) => inProgress.includes(id))
}

/**
 * ONE statement for every column: `unnest(statuses, limits)` and, per status, a lateral read of its
 * first rows in the widget's order (numbered) and a lateral count up to the cap. Each row is a task
 * with its column's total; a column without tasks has no row (its total is 0). With swimlanes
 * (`lane`: the lane's value as jsonb), the same count also groups by lane: `lanes` is the column's
 * `[value, count]` pairs over the same capped rows, so a lane's total needs no statement of its own.
 */
export function columnsQuery(
  db: Db,
  nodeId: string,
  compiled: CompiledQuery,
  condition: SQL,
  columns: { status: string; limit: number }[],
  lane?: SQL,
) {
  const inColumn = and(condition, sql`${tasks.statusId} = c.s`)
  let page = db
    .select({
      id: tasks.id,
      rn: sql<number>`row_number() over (order by ${sql.join(orderByClause(compiled.orderBy), sql`, `)})`.as(
        'rn',
      ),
    })
    .from(tasks)
    .$dynamic()
  for (const j of joinClauses(compiled.joins)) page = page.leftJoin(j.table, j.on)
  const pageSql = page
    .where(inColumn)
    .orderBy(...orderByClause(compiled.orderBy))
    .limit(sql`c.lim` as unknown as number)
  let matches = db
    .select({ lane: (lane ?? sql`null::jsonb`).as('lane') })
    .from(tasks)
    .$dynamic()
  for (const j of joinClauses(compiled.whereJoins)) matches = matches.leftJoin(j.table, j.on)
  const countSql = matches.where(inColumn).limit(KANBAN_TOTAL_CAP + 1)
  const ids = sql.join(
    columns.map((c) => sql`${c.status}`),
    sql`, `,
  )
  const limits = sql.join(
    columns.map((c) => sql`${c.limit}`),
    sql`, `,
  )
  // Counted once: with swimlanes, grouped by lane (the column's total is their sum).
  const count = lane
    ? sql`(select coalesce(sum(g.n), 0)::int as n, json_agg(json_build_array(g.lane, g.n)) as lanes
        from (select m.lane, count(*)::int as n from (${countSql}) m group by m.lane) g)`
    : sql`(select count(*)::int as n, null::json as lanes from (${countSql}) m)`
  const k = sql`(select c.s, p.id, p.rn, cnt.n as total, cnt.lanes
    from unnest(array[${ids}]::uuid[], array[${limits}]::int[]) as c(s, lim)
    cross join lateral (${pageSql}) p
    cross join lateral ${count} cnt) k`
  return db
    .select({
      task: tasks,
      total: sql<number>`k.total`,
      rn: sql<number>`k.rn`,
      lanes: sql<[unknown, number][] | null>`k.lanes`,
    })
    .from(tasks)
    .innerJoin(k, sql`k.id = ${tasks.id}`)
    .where(eq(tasks.nodeId, nodeId))
}

/** A card's swimlane: its key ('' none) and value as stored. */
function laneOf(t: TaskRow, swimlane: string): { lane: string; lane_value?: unknown } {
  if (swimlane === SWIMLANE_NONE) return { lane: '' }
  if (swimlane === SWIMLANE_ASSIGNEE) return { lane: t.assigneeId ?? '' }
  const v = t.customFields[swimlane]
  if (v === null || v === undefined || v === '') return { lane: '' }
  return { lane: laneKey(v), lane_value: v }
}

/** A lane's key from its stored value (a card's `lane`; '' none). */
const laneKey = (v: unknown) =>
  v === null || v === undefined || v === '' ? '' : typeof v === 'string' ? v : JSON.stringify(v)

/** The swimlane's value of a task in the statement (jsonb: an assignee's id as text, a field as stored). */
function laneSql(swimlane: string): SQL | undefined {
  if (swimlane === SWIMLANE_NONE) return undefined
  if (swimlane === SWIMLANE_ASSIGNEE) return sql`to_jsonb(${tasks.assigneeId}::text)`
  return sql`${tasks.customFields} -> ${swimlane}`
}

export const kanbanData: DataProvider<KanbanParams, KanbanData> = {
  async compute(ctx: DataContext, widget: WidgetRow, params: KanbanParams): Promise<KanbanData> {
    const settings = settingsOf(widget.settings ?? {})
    const config = ctx.who.config
    const flow = config.flows.get(settings.processId)
    if (!flow) throw new WidgetFailure('processes.process_not_found')
    const process = flow.process
    const all = columnIds(flow, settings.columns)
    // A refetch of some columns (a move, a live change): those only, the moves still judged over all.
    const only = all.filter((id) => params.only.includes(id))
    const ids = params.only.length ? only : all
    // The widget's own order by, else its setting's field, newest first (then id: a stable order).
    const base = widgetQuery(ctx, widget.query)
    const { compiled } = base.ordered
      ? base
      : widgetQuery(ctx, `${widget.query} order by ${settings.order} desc`)
    const headers = headersOf(config, settings.fields)
    const swimField =
      settings.swimlane === SWIMLANE_NONE ? [] : headersOf(config, [settings.swimlane]).slice(0, 1)
    const mayEdit = mayOnProcess(ctx.who, 'task_edit', process.key)
    const shown = new Set(all)

    const columns: KanbanColumn[] = ids.flatMap((id) => {
      const s = config.statuses.get(id)
      if (!s) return []
      const moves = mayEdit
        ? allowedMoves(flow.workflow, id, ctx.who).filter((m) => shown.has(m.to_status_id))
        : []
      const wip = settings.wip[id] ?? null
      return [
        {
          status: { id: s.id, name: s.name, color: s.color },
          total: 0,
          wip,
          over: false,
          moves_to: moves.map((m) => m.to_status_id),
          requires: Object.fromEntries(
            moves.filter((m) => m.required_fields.length).map((m) => [m.to_status_id, m.required_fields]),
          ),
          pages: params.more[id] ?? 1,
          tasks: [],
        },
      ]
    })
    const out: KanbanData = {
      ...(params.only.length ? { only } : {}),
      process: { id: process.id, key: process.key, name: process.name },
      swimlane: swimField[0]
        ? {
            ...swimField[0].header,
            settings: swimField[0].field.custom ? { ...swimField[0].field.definition.settings } : {},
          }
        : null,
      delimiter: settings.delimiter,
      per_page: settings.perPage,
      columns,
      required_fields: headersOf(config, [
        ...new Set(columns.flatMap((c) => Object.values(c.requires).flat())),
      ]).map((h) => ({
        ...h.header,
        settings: h.field.custom ? { ...h.field.definition.settings } : {},
        // A composite's children (address, json): the modal renders and posts each of them.
        ...(h.field.definition.structure?.length ? { structure: h.field.definition.structure } : {}),
      })),
    }
    if (columns.length === 0 || !inScope(ctx.scope, process.id)) return out

    const condition = scopeCondition(
      ctx.nodeId,
      ctx.scope,
      and(compiled.where, eq(tasks.processId, process.id)),
    )
    const rows = await columnsQuery(
      ctx.db,
      ctx.nodeId,
      compiled,
      condition,
      columns.map((c) => ({ status: c.status.id, limit: c.pages * settings.perPage })),
      laneSql(settings.swimlane),
    )
    rows.sort((a, b) => Number(a.rn) - Number(b.rn))
    const list = rows.map((r) => r.task)
    const covering = await configCovering(ctx.db, ctx.nodeId, config, list)
    const people = await peopleOf(
      ctx.users,
      list,
      [...headers, ...swimField].map((h) => h.field),
    )
    const byStatus = new Map(columns.map((c) => [c.status.id, c]))
    for (const r of rows) {
      const c = byStatus.get(r.task.statusId)
      if (!c) continue
      c.total = Math.min(Number(r.total), KANBAN_TOTAL_CAP)
      if (Number(r.total) > KANBAN_TOTAL_CAP) c.more = true
      if (r.lanes && !c.lanes) {
        c.lanes = {}
        for (const [value, n] of r.lanes) {
          const k = laneKey(value)
          c.lanes[k] = Math.min((c.lanes[k] ?? 0) + Number(n), KANBAN_TOTAL_CAP)
        }
      }
      const lane = laneOf(r.task, settings.swimlane)
      c.tasks.push({
        ...taskSummary(covering, r.task),
        version: r.task.version,
        values: headers.map((h) => ({
          ...h.header,
          value: taskValue(r.task, h.field, covering, people),
        })),
        lane: lane.lane,
        ...(settings.swimlane === SWIMLANE_ASSIGNEE && r.task.assigneeId
          ? { lane_value: people.get(r.task.assigneeId) ?? null }
          : 'lane_value' in lane
            ? { lane_value: lane.lane_value }
            : {}),
      })
    }
    for (const c of columns) c.over = c.wip !== null && c.total > c.wip
    return out
  },
}
