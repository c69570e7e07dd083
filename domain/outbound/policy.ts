/*
 * The operator's one opt-in (ADR 027): OUTBOUND_ALLOW_PRIVATE=1 lets every outbound call of both
 * tiers reach loopback and private networks (tests, a closed network). The older per-plugin
 * switches stay, each opening only its own plugin's calls: WEBHOOKS_ALLOW_PRIVATE for webhooks,
 * SMTP_ALLOW_PRIVATE for the SMTP host.
 */

/** Who is calling out: the opt-ins a call honours depend on it. */
export type OutboundPurpose = 'webhooks' | 'smtp' | 'sso'

/** The environment's switches (api's Config and the web app's process.env both fit). */
export interface OutboundEnv {
  OUTBOUND_ALLOW_PRIVATE?: string
  WEBHOOKS_ALLOW_PRIVATE?: string
  SMTP_ALLOW_PRIVATE?: string
}

const NARROW: Partial<Record<OutboundPurpose, keyof OutboundEnv>> = {
  webhooks: 'WEBHOOKS_ALLOW_PRIVATE',
  smtp: 'SMTP_ALLOW_PRIVATE',
}

/** Whether calls for `purpose` may reach private addresses, read now (a changed switch counts at once). */
export function allowsPrivate(env: OutboundEnv, purpose: OutboundPurpose): boolean {
  if (env.OUTBOUND_ALLOW_PRIVATE === '1') return true
  const narrow = NARROW[purpose]
  return narrow !== undefined && env[narrow] === '1'
}

/** The same decision as a function, read at every connection rather than once at start. */
export const privateAllowance =
  (env: OutboundEnv, purpose: OutboundPurpose): (() => boolean) =>
  () =>
    allowsPrivate(env, purpose)
