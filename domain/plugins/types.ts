import type { DefinitionIssue, FieldDefinition } from '../fields/types'
import type { OutboundPurpose } from '../outbound/policy'

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
  /**
   * The settings the servers call out to (ADR 027): each is refused when saved if its host is
   * private (422 `plugins.private_target` at the setting) unless the operator opted in for
   * `purpose`; the plugin's server half connects through domain/outbound/guard.server.ts.
   */
  readonly outbound?: {
    readonly purpose: OutboundPurpose
    /** Settings holding an http(s) URL. */
    readonly urls?: readonly string[]
    /** Settings holding a bare host name or address (an SMTP server). */
    readonly hosts?: readonly string[]
  }
  /**
   * Secrets the server sends to a configured destination, with the settings that name it: a
   * stored secret is dropped when any of them changes, unless the same request types it again, so
   * a changed host never receives the old password.
   */
  readonly secretsBoundTo?: Readonly<Record<string, readonly string[]>>
  /** Checks across settings, beyond each setting's own rule; paths under `settings`. */
  checkSettings?(settings: Record<string, unknown>): DefinitionIssue[]
}
