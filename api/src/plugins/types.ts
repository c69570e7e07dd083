import type { DetailEntry } from '@domain/errors/catalogue'
import type { Config } from '../config'
import type { Db, Tx } from '../db/client'
import type { EventBus } from '../events/bus'
import type { SecretBox } from '../lib/secret-box'
import type { FileStorage } from '../storage/storage'
import type { PluginRuntime } from './runtime'

/*
 * The server half of a plugin (its declaration is domain/plugins/<id>.ts): the checks only the
 * server can make, its "send a test", and what it runs beside the API (event consumers, workers),
 * started by its own `start`. One folder per plugin here, one line in index.ts. Every address a
 * plugin calls is declared in its definition (`outbound`) and connected to through the outbound
 * guard (domain/outbound/guard.server.ts: guardedRequest, guardedLookup, resolveTarget), never
 * with a bare fetch or socket (ADR 027).
 */

export interface PluginLog {
  error(obj: object, msg: string): void
}

/** What a plugin's `start` is given: the app's parts it may run its work on. */
export interface StartContext {
  db: Db
  box: SecretBox
  events: EventBus
  config: Config
  log: PluginLog
  storage: FileStorage
}

/** What a plugin started (its consumers, workers, timers): stopped before the database closes. */
export interface Running {
  stop(): Promise<void>
}

/** A configuration with its secrets opened, for the plugin's own use only (never answered). */
export interface OpenConfig {
  nodeId: string
  id: string
  pluginId: string
  name: string
  enabled: boolean
  settings: Record<string, unknown>
}

export interface CheckContext {
  db: Db | Tx
  nodeId: string
  userId: string
}

/** Who pressed "send a test". */
export interface Tester {
  userId: string
  email: string
}

/** What a test did: a catalogue code, with the values its message shows. */
export type TestOutcome = string | { code: string; ctx: Record<string, string | number> }

export interface ServerPlugin {
  readonly id: string
  /**
   * Problems beyond the settings' own rules (a query against the node's fields), at `where`. A
   * private address is refused before this, by the definition's `outbound` (plugins/outbound.ts).
   */
  check?(
    ctx: CheckContext,
    settings: Record<string, unknown>,
    where: (string | number)[],
  ): Promise<DetailEntry[]>
  /** "Send a test": the catalogue code of what happened; throws an AppError when it could not. */
  test?(rt: PluginRuntime, config: OpenConfig, who: Tester): Promise<TestOutcome>
  /**
   * What it runs beside the API, started with the app (api/src/plugins/runtime.ts calls it for
   * every plugin of the registry): durable consumers (`events.consume`), wake-ups
   * (`events.subscribe`), workers. What it answers is `rt.running(id)` for its own `test`.
   */
  start?(ctx: StartContext): Promise<Running>
}
