import type { Db } from '../db/client'
import type { Position } from '../events/outbox'
import type { Caller } from '../http/caller'
import type { WidgetRow } from '../repositories/board-data-repository'
import { type ProcessScope, scopeIn, type TaskCaller, taskCaller } from '../services/task-access'
import { watchBoards } from './boards'
import type { ResumeBinding, ResumeSigner } from './position'
import { frameText, HEARTBEAT, type LiveFrame } from './sse'

/*
 * One open live stream (one browser tab): who watches, in which node, the widgets of the boards it
 * shows, the task card it shows, and how its frames reach the wire. Frames that come while it is
 * still replaying what it missed (Last-Event-ID) wait behind the replay.
 */

export interface Watched {
  /** The widgets of the boards shown, as they are now (an administrator's edit reads them again). */
  widgets: WidgetRow[]
  /** The boards shown, each with the ids of its widgets. */
  boards: Map<string, Set<string>>
  /** The task card being viewed, with its process (which never changes). */
  task?: { id: string; processId: string }
}

export class LiveStream {
  private waiting: string[] | undefined = []
  private closed = false
  scope: ProcessScope

  constructor(
    readonly caller: Caller,
    readonly nodeId: string,
    public who: TaskCaller,
    readonly watched: Watched,
    private readonly write: (text: string) => void,
    private readonly end: () => void,
    private readonly signer: ResumeSigner,
  ) {
    this.scope = scopeIn(who.config, who.rights, 'task_view')
  }

  get userId() {
    return this.who.userId
  }

  /** Whom this stream's resume ids are issued to (position.ts). */
  get binding(): ResumeBinding {
    return { userId: this.caller.auth.user.id, sessionId: this.caller.auth.sessionId, nodeId: this.nodeId }
  }

  /** Sends frames with their resume position, signed (queued until the replay is done). */
  send(frames: LiveFrame[], at: Position) {
    if (this.closed || frames.length === 0) return
    const id = this.signer.encode(this.binding, at)
    const text = frames.map((f) => frameText(f, id)).join('')
    if (this.waiting) this.waiting.push(text)
    else this.write(text)
  }

  /** The replay is written: what came meanwhile follows. */
  replayed() {
    const waiting = this.waiting ?? []
    this.waiting = undefined
    if (!this.closed) for (const text of waiting) this.write(text)
  }

  heartbeat() {
    if (!this.closed && !this.waiting) this.write(HEARTBEAT)
  }

  /** Reads the viewer's rights again (they changed); a viewer who lost the node is closed. */
  async refresh(db: Db): Promise<void> {
    try {
      this.who = await taskCaller(db, this.caller, this.nodeId)
      this.scope = scopeIn(this.who.config, this.who.rights, 'task_view')
    } catch {
      this.close()
    }
  }

  /** Reads the shown boards' widgets again (an administrator changed them); gone boards are dropped. */
  async rewatch(db: Db): Promise<void> {
    const now = await watchBoards(db, this.nodeId, [...this.watched.boards.keys()])
    this.watched.widgets = now.widgets
    this.watched.boards = now.boards
  }

  close() {
    if (this.closed) return
    this.closed = true
    this.end()
  }

  get isClosed() {
    return this.closed
  }
}
