import { allowedMoves } from '@domain/workflow/moves'
import type { Mover, WorkflowProcess } from '@domain/workflow/types'

/*
 * What a bulk edit offers for the tasks selected (issue 24 item 4): the statuses the workflow allows
 * from each task's own status (domain/workflow, the rule the upstream's planner applies), each with
 * how many of the tasks may take it and the fields it requires; and the custom fields the selected
 * processes' forms have in common. The upstream decides in the end: a task the offer cannot serve
 * is listed by the preview with its refusal.
 */

/** A selected task as the choices need it. */
export interface PlacedTask {
  key: string
  process_id: string
  status_id: string
}

export interface FlowOf extends WorkflowProcess {
  id: string
}

export interface StatusChoice {
  status_id: string
  /** How many selected tasks may move there (or are there already). */
  allowed: number
  /** Fields the move or the status requires, for any of the tasks. */
  required: string[]
}

/**
 * Every status some selected task may move to, in the order of the processes' progress: a status a
 * task is already in counts as allowed for it (nothing to move), a status outside its process not.
 */
export function statusChoices(
  tasks: readonly PlacedTask[],
  flows: ReadonlyMap<string, FlowOf>,
  mover: Mover,
): StatusChoice[] {
  const choices = new Map<string, { allowed: number; required: Set<string>; moves: number }>()
  const order: string[] = []
  const slot = (id: string) => {
    if (!choices.has(id)) {
      choices.set(id, { allowed: 0, required: new Set(), moves: 0 })
      order.push(id)
    }
    return choices.get(id)!
  }
  // Tasks in one place (process and status) share their moves: worked out once per place.
  const places = new Map<string, { flow: FlowOf; from: string; count: number }>()
  for (const task of tasks) {
    const flow = flows.get(task.process_id)
    if (!flow) continue
    const at = `${task.process_id} ${task.status_id}`
    const place = places.get(at) ?? { flow, from: task.status_id, count: 0 }
    place.count++
    places.set(at, place)
  }
  for (const flow of flows.values()) for (const id of flow.status_ids) slot(id)
  for (const { flow, from, count } of places.values()) {
    slot(from).allowed += count
    for (const move of allowedMoves(flow, from, mover)) {
      const choice = slot(move.to_status_id)
      choice.allowed += count
      choice.moves += count
      for (const f of move.required_fields) choice.required.add(f)
    }
  }
  // A status no selected task can move to is not offered (a status they are all in already neither).
  return order.flatMap((status_id) => {
    const c = choices.get(status_id)!
    return c.moves > 0 ? [{ status_id, allowed: c.allowed, required: [...c.required] }] : []
  })
}

/** Names every list holds, in the order of the first. */
export function commonNames(lists: readonly (readonly string[])[]): string[] {
  const [first, ...rest] = lists
  if (!first) return []
  return first.filter((name) => rest.every((l) => l.includes(name)))
}
