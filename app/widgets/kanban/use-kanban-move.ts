import type { KanbanData } from '@domain/widgets/kinds/kanban'
import { useFetcher } from '@remix-run/react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useCsrfToken } from '~/components/csrf-input'
import { CSRF_FIELD } from '~/lib/csrf'
import type { ParamsChange } from '../types'
import type { MoveAnswer } from './move.server'

/*
 * A card's move with JavaScript (issue 26): shown at once in its new column, posted as the board
 * route's `kanban_move` (the ordinary task edit through the planner), then the widget refetches
 * the two columns alone (`only`; other viewers get them from the live stream's `widget` frame). A refusal puts the card back and says why (the catalogue's message); a conflict (the
 * task changed since) reloads the widget and says so. A target status with required fields asks
 * for them first (`asking`, the modal).
 */

export interface Asking {
  taskId: string
  key: string
  to: string
  fields: string[]
  /** After a refusal at the fields: its errors by field name ('cf_address.city') and the values sent. */
  errors?: Record<string, string[]>
  values?: Record<string, unknown>
  /** Which time it asks (a new ask remounts the fields with the values sent). */
  round?: number
}

export interface Notice {
  ok: boolean
  codes: string[]
}

export function useKanbanMove(data: KanbanData, onParams: ParamsChange | undefined) {
  const fetcher = useFetcher<MoveAnswer>()
  const csrf = useCsrfToken()
  /** Cards shown elsewhere than the data says: task id → status id (until the data catches up). */
  const [moved, setMoved] = useState<Record<string, string>>({})
  const [asking, setAsking] = useState<Asking | null>(null)
  const [notice, setNotice] = useState<Notice | null>(null)
  /** Each sent move's columns (from, to): a success refetches those two alone. */
  const sentFrom = useRef(new Map<string, [string, string]>())

  // New data (the refetch, a live push) is the truth: the overrides go.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on each new answer of the widget
  useEffect(() => setMoved({}), [data])

  const submit = useCallback(
    (taskId: string, to: string, fields: [string, string][] = []) => {
      const task = data.columns.flatMap((c) => c.tasks).find((x) => x.id === taskId)
      if (!task) return
      const from = data.columns.find((c) => c.tasks.some((x) => x.id === taskId))?.status.id
      sentFrom.current.set(taskId, [from ?? to, to])
      setMoved((m) => ({ ...m, [taskId]: to }))
      setNotice(null)
      const form = new FormData()
      form.set(CSRF_FIELD, csrf)
      form.set('intent', 'kanban_move')
      form.set('js', '1')
      form.set('task_id', taskId)
      form.set('status_id', to)
      form.set('version', String(task.version))
      for (const [name, value] of fields) form.append(`field.${name}`, value)
      fetcher.submit(form, { method: 'post' })
    },
    [data, csrf, fetcher.submit],
  )

  /** A drop (or keyboard move) of a card onto a column: asks for required fields first. */
  const move = useCallback(
    (taskId: string, from: string, to: string) => {
      if (from === to) return
      const column = data.columns.find((c) => c.status.id === from)
      if (!column?.moves_to.includes(to)) return
      const task = column.tasks.find((x) => x.id === taskId)
      const needs = column.requires[to] ?? []
      if (needs.length && task) setAsking({ taskId, key: task.key, to, fields: needs })
      else submit(taskId, to)
    },
    [data, submit],
  )

  const answered = useRef<MoveAnswer | undefined>(undefined)
  useEffect(() => {
    const a = fetcher.data
    if (fetcher.state !== 'idle' || !a || answered.current === a) return
    answered.current = a
    // Refused at the fields the modal asked for: it asks again, each error at its field.
    const again = !a.ok && !a.conflict && Object.keys(a.errors ?? {}).length > 0
    setAsking((was) =>
      again && was?.taskId === a.task_id
        ? { ...was, errors: a.errors, values: a.values, round: (was.round ?? 0) + 1 }
        : null,
    )
    setNotice({ ok: a.ok, codes: a.codes })
    if (!a.ok && !a.conflict) {
      // Refused: the card returns to where it was.
      setMoved((m) => {
        const { [a.task_id]: _, ...rest } = m
        return rest
      })
      return
    }
    const cols = sentFrom.current.get(a.task_id)
    sentFrom.current.delete(a.task_id)
    // Moved: the two columns are read again, alone. Changed by someone else (a conflict): the card
    // may be anywhere now, so the whole widget.
    if (a.ok && cols) onParams?.({}, { fetchOnly: { only: [...new Set(cols)].join(',') } })
    else onParams?.({})
  }, [fetcher.state, fetcher.data, onParams])

  /** The columns with the cards moved meanwhile shown in their new place (first). */
  const columns = useMemo(() => {
    if (Object.keys(moved).length === 0) return data.columns
    const all = new Map(data.columns.flatMap((c) => c.tasks.map((t) => [t.id, t] as const)))
    return data.columns.map((c) => {
      const incoming = Object.entries(moved)
        .filter(([id, to]) => to === c.status.id && !c.tasks.some((t) => t.id === id))
        .flatMap(([id]) => (all.get(id) ? [all.get(id)!] : []))
      const staying = c.tasks.filter((t) => (moved[t.id] ?? c.status.id) === c.status.id)
      const delta = incoming.length - (c.tasks.length - staying.length)
      // The lanes' counts follow the cards (a card keeps its lane: one in, one out of the same lane).
      let lanes = c.lanes
      if (lanes) {
        lanes = { ...lanes }
        for (const x of incoming) lanes[x.lane] = (lanes[x.lane] ?? 0) + 1
        for (const x of c.tasks)
          if (!staying.includes(x)) lanes[x.lane] = Math.max((lanes[x.lane] ?? 1) - 1, 0)
      }
      return { ...c, total: c.total + delta, ...(lanes ? { lanes } : {}), tasks: [...incoming, ...staying] }
    })
  }, [data.columns, moved])

  return {
    columns,
    move,
    submit,
    asking,
    cancelAsking: () => setAsking(null),
    notice,
    dismiss: () => setNotice(null),
    busy: fetcher.state !== 'idle',
  }
}
