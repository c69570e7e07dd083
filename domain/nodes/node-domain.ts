import { z } from 'zod'

/**
 * A node's domain is the first label of the host (PRODUCT.md §1), so it must be a DNS label:
 * a–z, 0–9 and '-', 1–63 characters, not starting or ending with '-' (RFC 1123). Hosts are
 * case-insensitive, hence the lower-casing before the check.
 */
export const NODE_DOMAIN_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

export const nodeDomainSchema = z
  .string({ required_error: 'value_error.missing' })
  .trim()
  .toLowerCase()
  .min(1, 'value_error.missing')
  .max(63, 'value_error.any_str.max_length')
  .regex(NODE_DOMAIN_RE, 'value_error.node_domain')
