import type { DefinitionIssue, FieldDefinition } from '../fields/types'

/*
 * A plugin shipped with the server (PRODUCT.md §7): one entry each under this folder, listed once
 * in catalogue.ts. Its settings are field definitions of the custom-field registry, so the
 * configuration form is the generic form and the browser, the web app and the upstream check it by
 * the same rules. What it does on the server (event subscriptions, actions) lives in api/src/plugins.
 */

export interface PluginDefinition {
  /** Stable id, also the path segment of POST /plugin-configs/{nodeId}/{pluginId}. */
  readonly id: string
  /** i18n keys (namespace admin-plugins), as built-in field titles are. */
  readonly name: string
  readonly description: string
  readonly version: string
  /**
   * The configuration's settings. Those of type `password` are secrets: write-only, stored
   * encrypted, answered as `{ set: boolean }`.
   */
  readonly settings: readonly FieldDefinition[]
  /** At most one configuration per node (the login page reads the one SSO configuration). */
  readonly single?: boolean
  /** Keeps a delivery log per configuration (GET /plugin-configs/{nodeId}/{id}/deliveries). */
  readonly log?: boolean
  /** Offers "send a test" (POST /plugin-configs/{nodeId}/{id}/test). */
  readonly test?: boolean
  /** Checks across settings, beyond each setting's own rule; paths under `settings`. */
  checkSettings?(settings: Record<string, unknown>): DefinitionIssue[]
}
