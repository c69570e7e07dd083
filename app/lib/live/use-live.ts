import { startTransition, useEffect, useRef, useState } from 'react'
import {
  type BoardFrame,
  type Interest,
  type LiveStatus,
  liveChannel,
  type TaskFrame,
  type WidgetFrame,
} from './channel'

/*
 * A page's part of the tab's live stream (channel.ts): what it shows, what it does with the
 * frames, and whether the stream works (else the page falls back to reloading every 10 s).
 */

export interface LiveHandlers {
  widget?: (f: WidgetFrame) => void
  board?: (f: BoardFrame) => void
  task?: (f: TaskFrame) => void
  reload?: () => void
}

/**
 * Whether the stream works. Its changes are transitions: a board's widgets may still be streaming
 * into the page when the stream opens, and an ordinary update above a Suspense boundary that has
 * not hydrated yet makes React throw the server's HTML away (error 421).
 */
export function useLiveStatus(): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting')
  useEffect(() => {
    const channel = liveChannel()
    const update = () => startTransition(() => setStatus(channel?.status ?? 'failed'))
    update()
    return channel?.onStatus(update)
  }, [])
  return status
}

/** Opens (or widens) the tab's stream while mounted; `interest` is compared by value. */
export function useLive(interest: Interest | null, handlers: LiveHandlers = {}): void {
  const key = interest ? JSON.stringify([interest.boards ?? [], interest.task ?? null]) : null
  const latest = useRef(handlers)
  latest.current = handlers
  useEffect(() => {
    const channel = liveChannel()
    if (!channel || key === null) return
    const [boards, task] = JSON.parse(key) as [string[], string | null]
    const offs = [
      channel.want({ boards, task: task ?? undefined }),
      channel.on('widget', (f) => latest.current.widget?.(f)),
      channel.on('board', (f) => latest.current.board?.(f)),
      channel.on('task', (f) => latest.current.task?.(f)),
      channel.on('reload', () => latest.current.reload?.()),
    ]
    return () => {
      for (const off of offs) off()
    }
  }, [key])
}
