import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { pluginConfigs } from '../../db/schema'

/** The separator an export writes: the node's enabled CSV configuration's (domain/plugins/csv.ts), else a comma. */
export async function exportDelimiter(db: Db, nodeId: string): Promise<string> {
  const [row] = await db
    .select({ settings: pluginConfigs.settings })
    .from(pluginConfigs)
    .where(
      and(
        eq(pluginConfigs.nodeId, nodeId),
        eq(pluginConfigs.pluginId, 'csv'),
        eq(pluginConfigs.enabled, true),
      ),
    )
    .limit(1)
  const chosen = row?.settings.delimiter
  return chosen === 'tab' ? '\t' : chosen === ';' ? ';' : ','
}
