import { nodeDomainSchema } from '@domain/nodes/node-domain'
import {
  assetSettingsSchema,
  nodeSettingsOutputSchema,
  nodeSettingsPatchSchema,
  publicNodeSettingsSchema,
} from '@domain/nodes/settings-schema'
import { z } from 'zod'
import { paginationQuery } from '../../http/envelope'
import { idSchema } from '../../http/params'

export const domainParams = z.object({ domain: nodeDomainSchema })

export const publicNodeSchema = z.object({
  id: z.string().uuid(),
  domain: z.string(),
  settings: publicNodeSettingsSchema,
})

export const adminNodeSchema = z.object({
  id: z.string().uuid(),
  domain: z.string(),
  settings: nodeSettingsOutputSchema,
  version: z.number().int(),
  updated_at: z.string(),
})

export const assetsSchema = z.object({
  settings: assetSettingsSchema,
  css: z.string(),
  /** A font file URL (family from its file name), or a face with its family, weight and style. */
  fonts: z.array(
    z.union([
      z.string(),
      z.object({
        src: z.string(),
        family: z.string(),
        weight: z.string().optional(),
        style: z.string().optional(),
      }),
    ]),
  ),
  version: z.string(),
})

export const editNodeBody = z
  .object({
    settings: nodeSettingsPatchSchema,
    /** The version the editor started from: 409 nodes.node_conflict when someone saved since. */
    version: z.number().int().min(1).optional(),
  })
  .strict('value_error.extra')

export const bindUserBody = z.object({ node_id: idSchema, user_id: idSchema })
export const bindUserResult = z.object({ node_id: z.string().uuid(), user_id: z.string().uuid() })

/** `user_id` defaults to the caller. */
export const userNodesQuery = paginationQuery.extend({ user_id: idSchema.optional() })
