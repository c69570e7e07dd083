import { type NodusEvent, REFERENCE_EVENT_TYPES } from '@domain/events'
import type { Db } from '../db/client'
import { usersByIds } from '../repositories/tasks-repository'
import { fullName } from '../repositories/users-repository'
import { inScope } from '../services/task-access'
import { boardFrames } from './boards'
import type { TaskChange } from './membership'
import type { LiveFrame } from './sse'
import type { LiveStream } from './stream'
import { affectedWidgets, pushAll, pushDeleted, type TouchedColumns } from './widgets'

/*
 * A batch of committed events (one transaction's, or one read of the outbox) turned into each
 * stream's frames (PRODUCT.md §7 "Live"): `notification` to its recipient only, `task` to the
 * streams showing that task's card (someone else changed it), `widget` with the ids of the viewed
 * widgets whose data changed, `board` with the ids of the viewed boards an administrator changed. Nothing about a task reaches a viewer who may not see it.
 */

const REFERENCE = new Set<string>(REFERENCE_EVENT_TYPES)

/** Whether the viewer may see the task of this key (its process's key leads it): checked again here. */
const maySee = (s: LiveStream, taskKey: string) => {
  const processId = s.who.config.processIdByKey.get(taskKey.replace(/-\d+$/, ''))
  return processId !== undefined && inScope(s.scope, processId)
}

/** Each task's fields before the batch: the first old value the batch names for each field. */
function taskChanges(events: NodusEvent[]): Map<string, TaskChange[]> {
  const byNode = new Map<string, Map<string, TaskChange>>()
  const changeOf = (nodeId: string, taskId: string) => {
    const node = byNode.get(nodeId) ?? new Map<string, TaskChange>()
    byNode.set(nodeId, node)
    let c = node.get(taskId)
    if (!c) {
      c = { taskId, created: false, old: new Map() }
      node.set(taskId, c)
    }
    return c
  }
  for (const e of events) {
    if (!e.node_id) continue
    if (e.type === 'task.created') changeOf(e.node_id, e.data.task.id).created = true
    else if (e.type === 'task.moved') {
      const c = changeOf(e.node_id, e.data.task.id)
      if (!c.old.has('status')) c.old.set('status', e.data.from)
    } else if (e.type === 'task.edited') {
      const c = changeOf(e.node_id, e.data.task.id)
      for (const f of e.data.changes) if (!c.old.has(f.field)) c.old.set(f.field, f.old)
    }
  }
  return new Map([...byNode].map(([node, m]) => [node, [...m.values()]]))
}

const add = (out: Map<LiveStream, LiveFrame[]>, s: LiveStream, f: LiveFrame) => {
  const list = out.get(s) ?? []
  list.push(f)
  out.set(s, list)
}

/** The `task` frames: a change of the card a stream shows, made by someone else. */
async function taskFrames(
  db: Db,
  events: NodusEvent[],
  streams: LiveStream[],
  out: Map<LiveStream, LiveFrame[]>,
) {
  const hits: [LiveStream, NodusEvent<'task.edited' | 'task.moved'>][] = []
  for (const e of events) {
    if (e.type !== 'task.edited' && e.type !== 'task.moved') continue
    for (const s of streams) {
      const t = s.watched.task
      if (!t || t.id !== e.data.task.id || s.nodeId !== e.node_id || e.actor_id === s.userId) continue
      if (inScope(s.scope, t.processId)) hits.push([s, e])
    }
  }
  if (hits.length === 0) return
  const people = new Map(
    (
      await usersByIds(
        db,
        hits.flatMap(([, e]) => (e.actor_id ? [e.actor_id] : [])),
      )
    ).map((u) => [u.id, u]),
  )
  const latest = new Map<LiveStream, NodusEvent<'task.edited' | 'task.moved'>>()
  for (const [s, e] of hits) latest.set(s, e)
  for (const [s, e] of latest) {
    const u = e.actor_id ? people.get(e.actor_id) : undefined
    add(out, s, {
      event: 'task',
      data: {
        id: e.data.task.id,
        key: e.data.task.key,
        version: e.data.version,
        actor: u ? { id: u.id, full_name: fullName(u) } : null,
      },
    })
  }
}

/** Every stream's frames for a batch of events, in a stable order: notifications, task, widget. */
export async function framesFor(
  db: Db,
  events: NodusEvent[],
  streams: LiveStream[],
): Promise<Map<LiveStream, LiveFrame[]>> {
  const out = new Map<LiveStream, LiveFrame[]>()
  const byNode = new Map<string, LiveStream[]>()
  for (const s of streams) byNode.set(s.nodeId, [...(byNode.get(s.nodeId) ?? []), s])

  // Rights, teams, statuses or fields changed: the viewers' scopes are read again first.
  const reference = new Set(events.filter((e) => REFERENCE.has(e.type) && e.node_id).map((e) => e.node_id!))
  await Promise.all([...reference].flatMap((n) => (byNode.get(n) ?? []).map((s) => s.refresh(db))))

  for (const e of events) {
    if (e.type !== 'notification.created') continue
    for (const s of byNode.get(e.node_id ?? '') ?? [])
      if (s.userId === e.data.user_id && maySee(s, e.data.notification.task.key))
        add(out, s, { event: 'notification', data: e.data.notification })
  }
  await taskFrames(db, events, streams, out)
  // Before the widgets: a query an administrator just changed is the one judged below.
  await boardFrames(db, events, byNode, (s, f) => add(out, s, f))

  const widgets = new Map<LiveStream, Set<string>>()
  for (const n of reference)
    pushAll(
      (byNode.get(n) ?? []).filter((s) => !s.isClosed),
      widgets,
    )
  const deleted = new Map<string, Set<string>>()
  for (const e of events)
    if (e.type === 'task.deleted' && e.node_id)
      deleted.set(e.node_id, (deleted.get(e.node_id) ?? new Set()).add(e.data.process_id))
  for (const [nodeId, processIds] of deleted)
    pushDeleted(
      (byNode.get(nodeId) ?? []).filter((s) => !s.isClosed),
      processIds,
      widgets,
    )
  // What is already pushed whole (changed rights or statuses, deleted tasks) names no columns.
  const whole = new Map([...widgets].map(([s, ids]) => [s, new Set(ids)]))
  const columns: TouchedColumns = new Map()
  for (const [nodeId, changes] of taskChanges(events)) {
    const open = (byNode.get(nodeId) ?? []).filter((s) => !s.isClosed)
    await affectedWidgets(db, nodeId, changes, open, widgets, columns)
  }
  for (const [s, ids] of widgets) {
    const cols = Object.fromEntries(
      [...(columns.get(s) ?? [])]
        .filter(([id]) => ids.has(id) && !whole.get(s)?.has(id))
        .map(([id, set]) => [id, [...set]]),
    )
    add(out, s, {
      event: 'widget',
      data: Object.keys(cols).length ? { widgets: [...ids], columns: cols } : { widgets: [...ids] },
    })
  }
  return out
}
