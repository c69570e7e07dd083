import type { Config } from '../config'
import type { Db } from '../db/client'
import type { SecretBox } from '../lib/secret-box'
import { SERVER_PLUGINS } from './index'
import type { Running, StartContext } from './types'

/*
 * What the plugins run beside the API: every plugin of the registry (index.ts) that has a `start`
 * is started with the app, in the registry's order, and stopped before the database closes. Nothing
 * here names a plugin: its consumers and workers are declared in its own folder.
 */

export interface PluginRuntime {
  db: Db
  box: SecretBox
  config: Config
  /** What a plugin's `start` answered (its workers), for its own `test`; undefined without one. */
  running(pluginId: string): Running | undefined
  stop(): Promise<void>
}

export async function startPlugins(ctx: StartContext): Promise<PluginRuntime> {
  const running = new Map<string, Running>()
  for (const plugin of SERVER_PLUGINS) if (plugin.start) running.set(plugin.id, await plugin.start(ctx))
  return {
    db: ctx.db,
    box: ctx.box,
    config: ctx.config,
    running: (id) => running.get(id),
    stop: async () => {
      await Promise.all([...running.values()].map((r) => r.stop()))
    },
  }
}
