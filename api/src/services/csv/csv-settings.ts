import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { pluginConfigs } from '../../db/schema'
import { AppError } from '../../http/errors'

/*
 * Whether CSV is on in a node, and its separator (docs/plugins.md "CSV"): a node with no CSV
 * configuration has CSV on with a comma; its configuration (one per node) sets the separator, and
 * disabling it turns CSV off — export and import answer 403 csv.disabled.
 */

export interface CsvSettings {
  enabled: boolean
  /** The separator an export writes. */
  delimiter: string
}

const separator = (chosen: unknown) => (chosen === 'tab' ? '\t' : chosen === ';' ? ';' : ',')

export async function csvSettings(db: Db, nodeId: string): Promise<CsvSettings> {
  const [row] = await db
    .select({ enabled: pluginConfigs.enabled, settings: pluginConfigs.settings })
    .from(pluginConfigs)
    .where(and(eq(pluginConfigs.nodeId, nodeId), eq(pluginConfigs.pluginId, 'csv')))
    .limit(1)
  if (!row) return { enabled: true, delimiter: ',' }
  return { enabled: row.enabled, delimiter: separator(row.settings.delimiter) }
}

/** The node's CSV settings, or 403 csv.disabled when its administrator turned CSV off. */
export async function requireCsv(db: Db, nodeId: string): Promise<CsvSettings> {
  const settings = await csvSettings(db, nodeId)
  if (!settings.enabled) throw new AppError(403, 'csv.disabled')
  return settings
}
