import fastJson from 'fast-json-stringify'
import type { ZodTypeAny } from 'zod'
import { zodToJsonSchema } from 'zod-to-json-schema'

/*
 * The routes' answers are written by fastify-type-provider-zod: each one is parsed by its zod
 * schema (which drops keys the schema does not name) and then JSON.stringify'd. For a page of 50
 * tasks that check is a third of the upstream's work (bench/RESULTS.md). On the hottest routes
 * the same schema, turned into JSON Schema, compiles a fast-json-stringify writer instead: it too
 * writes only the properties the schema names, and fails on a missing required one.
 */
export const fastSerializer = ({ schema }: { schema: unknown }) =>
  fastJson(
    zodToJsonSchema(schema as ZodTypeAny, { $refStrategy: 'none', target: 'jsonSchema7' }) as Parameters<
      typeof fastJson
    >[0],
  )
