/*
 * Server-sent events as the live stream writes them (HTML Living Standard §9.2): one frame per
 * event, `id:` the resume position, `data:` one line of JSON; a comment line as the heartbeat.
 */

export type LiveEventName = 'ready' | 'widget' | 'board' | 'task' | 'notification' | 'reload'

export interface LiveFrame {
  event: LiveEventName
  data: unknown
}

export const frameText = (f: LiveFrame, id: string) =>
  `id: ${id}\nevent: ${f.event}\ndata: ${JSON.stringify(f.data)}\n\n`

/** What keeps proxies from closing a quiet stream (a comment: browsers ignore it). */
export const HEARTBEAT = ': hb\n\n'

/** How long a browser waits before reconnecting after the stream dropped (ms). */
export const RETRY_MS = 3_000
