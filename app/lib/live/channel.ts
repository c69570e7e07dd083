/*
 * The tab's one live stream (PRODUCT.md §7 "Live"): an EventSource on GET /events, opened by the
 * pages that show something live — every signed-in page for notifications, a board for its widgets,
 * a task card for its task. Pages say what they show (`want`); the channel opens one stream for the
 * union and opens it again when that changes. A stream that fails again and again (blocked by a
 * proxy, the server away) is `failed`: the pages fall back to the spec's 10 s reload, and the
 * channel tries again every RETRY_FAILED_MS. The browser resumes a dropped stream itself with
 * Last-Event-ID.
 */

export type LiveStatus = 'connecting' | 'live' | 'failed'

export interface Interest {
  boards?: string[]
  task?: string
}

export interface WidgetFrame {
  widgets: string[]
  /** A kanban's columns (status ids) the change touched, by widget id: refetched alone. */
  columns?: Record<string, string[]>
}
/** An administrator changed these boards (or a widget on them): reload them. */
export interface BoardFrame {
  boards: string[]
}
export interface TaskFrame {
  id: string
  key: string
  version: number
  actor: { id: string; full_name: string } | null
}

type Frames = { widget: WidgetFrame; board: BoardFrame; task: TaskFrame; reload: Record<string, never> }
type Listener<K extends keyof Frames> = (data: Frames[K]) => void

/** Errors in a row (without a frame between) after which the stream counts as failed. */
const FAILED_AFTER = 2
const RETRY_FAILED_MS = 30_000
/** The DOM event a notification becomes (the notifications area listens for it). */
export const NOTIFICATION_EVENT = 'nodus:notification'

export function streamUrl(interests: Iterable<Interest>): string {
  const boards = new Set<string>()
  let task: string | undefined
  for (const i of interests) {
    for (const b of i.boards ?? []) boards.add(b)
    task ??= i.task
  }
  const q = new URLSearchParams()
  if (boards.size) q.set('boards', [...boards].sort().join(','))
  if (task) q.set('task', task)
  const qs = q.toString()
  return `/events${qs ? `?${qs}` : ''}`
}

export class LiveChannel {
  private readonly interests = new Map<symbol, Interest>()
  private readonly listeners: { [K in keyof Frames]: Set<Listener<K>> } = {
    widget: new Set(),
    board: new Set(),
    task: new Set(),
    reload: new Set(),
  }
  private readonly statusListeners = new Set<() => void>()
  private readonly seenNotifications = new Set<string>()
  private source: EventSource | undefined
  private url = ''
  private errors = 0
  private retry: number | undefined
  private pending = false
  status: LiveStatus = 'connecting'

  want(interest: Interest): () => void {
    const key = Symbol('interest')
    this.interests.set(key, interest)
    this.schedule()
    return () => {
      this.interests.delete(key)
      this.schedule()
    }
  }

  on<K extends keyof Frames>(event: K, listener: Listener<K>): () => void {
    const set = this.listeners[event] as Set<Listener<K>>
    set.add(listener)
    return () => set.delete(listener)
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener)
    return () => this.statusListeners.delete(listener)
  }

  /** Several pages say what they show in one render: the stream is opened once, after them. */
  private schedule() {
    if (this.pending) return
    this.pending = true
    queueMicrotask(() => {
      this.pending = false
      this.reopen()
    })
  }

  private reopen() {
    if (this.interests.size === 0) return this.close()
    const url = streamUrl(this.interests.values())
    if (url === this.url && this.source && this.source.readyState !== EventSource.CLOSED) return
    this.close()
    this.url = url
    this.open()
  }

  private close() {
    this.source?.close()
    this.source = undefined
    this.url = ''
    window.clearTimeout(this.retry)
  }

  private setStatus(s: LiveStatus) {
    if (this.status === s) return
    this.status = s
    for (const l of this.statusListeners) l()
  }

  private emit<K extends keyof Frames>(event: K, raw: string) {
    let data: Frames[K]
    try {
      data = JSON.parse(raw)
    } catch {
      return
    }
    for (const l of this.listeners[event] as Set<Listener<K>>) l(data)
  }

  private open() {
    const es = new EventSource(this.url)
    this.source = es
    const alive = () => {
      this.errors = 0
      this.setStatus('live')
    }
    es.addEventListener('ready', alive)
    es.addEventListener('widget', (e) => {
      alive()
      this.emit('widget', (e as MessageEvent<string>).data)
    })
    es.addEventListener('board', (e) => {
      alive()
      this.emit('board', (e as MessageEvent<string>).data)
    })
    es.addEventListener('task', (e) => {
      alive()
      this.emit('task', (e as MessageEvent<string>).data)
    })
    es.addEventListener('reload', (e) => this.emit('reload', (e as MessageEvent<string>).data))
    // Refused for capacity (too many streams of this user, or of the server): no reconnecting
    // now; the pages fall back to the 10 s reload, and the channel tries again later.
    es.addEventListener('refused', () => {
      if (this.source !== es) return
      es.close()
      this.source = undefined
      this.setStatus('failed')
      window.clearTimeout(this.retry)
      this.retry = window.setTimeout(() => this.reopen(), RETRY_FAILED_MS)
    })
    es.addEventListener('notification', (e) => {
      alive()
      let detail: { id?: string }
      try {
        detail = JSON.parse((e as MessageEvent<string>).data)
      } catch {
        return
      }
      // A resume may bring one again: each is told once.
      if (detail.id) {
        if (this.seenNotifications.has(detail.id)) return
        this.seenNotifications.add(detail.id)
      }
      window.dispatchEvent(new CustomEvent(NOTIFICATION_EVENT, { detail }))
    })
    es.onerror = () => {
      if (this.source !== es) return
      this.errors += 1
      const closed = es.readyState === EventSource.CLOSED
      if (closed || this.errors >= FAILED_AFTER) this.setStatus('failed')
      if (closed) {
        // Refused (not 200): the browser will not try again by itself.
        this.source = undefined
        window.clearTimeout(this.retry)
        this.retry = window.setTimeout(() => this.reopen(), RETRY_FAILED_MS)
      }
    }
  }
}

let channel: LiveChannel | undefined
/** The tab's channel (created on first use, in the browser only). */
export function liveChannel(): LiveChannel | undefined {
  if (typeof window === 'undefined' || typeof EventSource === 'undefined') return undefined
  channel ??= new LiveChannel()
  return channel
}
