import type { PluginRuntime } from '../runtime'
import type { ServerPlugin } from '../types'
import { UploadSweeper } from './upload-sweeper'

/** CSV: what it runs beside the API is the sweep of unused uploads (docs/plugins.md "CSV"). */
export const csvServer: ServerPlugin = {
  id: 'csv',
  async start({ storage, log, config }) {
    const sweeper = new UploadSweeper(storage, log, config.CSV_SWEEP_MS)
    sweeper.start()
    return sweeper
  },
}

/** The running sweeper (a test runs a sweep when it says). */
export const uploadSweeper = (rt: PluginRuntime) => rt.running('csv') as UploadSweeper
