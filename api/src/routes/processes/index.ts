import { processInput, processPatch } from '@domain/workflow/schemas'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { callerOf } from '../../http/caller'
import { envelope, listEnvelope, ok, page } from '../../http/envelope'
import { searchListQuery } from '../../http/list-query'
import { idSchema, nodeIdParams } from '../../http/params'
import {
  createProcess,
  editProcess,
  getNodeProcess,
  listNodeProcesses,
  removeProcess,
} from '../../services/processes'
import { deletedSchema, errors } from '../statuses/schemas'

const processParams = z.object({ nodeId: idSchema, processId: idSchema })

export const processSchema = z.object({
  id: z.string().uuid(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  progress_id: z.string().uuid(),
  form_id: z.string().uuid().nullable(),
  /** How many task numbers were handed out: the next task is `{key}-{task_counter + 1}`. */
  task_counter: z.number().int(),
  transitions: z.array(
    z.object({
      from_status_id: z.string().uuid(),
      to_status_id: z.string().uuid(),
      right: z.string().nullable(),
      team_ids: z.array(z.string().uuid()),
      required_fields: z.array(z.string()),
    }),
  ),
  field_rules: z.array(
    z.object({ status_id: z.string().uuid(), field: z.string(), rule: z.enum(['required', 'readonly']) }),
  ),
})

const definitionRules =
  'Transitions and field rules name statuses of the process’s progress (422 processes.status_not_in_progress, every issue with its loc); ids that are not the node’s answer 404. With no transitions any move within the progress is allowed; with some, only those listed, by a mover holding `right` (for this process) and in one of `team_ids`.'

/** /api/processes: the node's processes with their transitions and field rules (PRODUCT.md §4). */
export const processesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:nodeId',
    {
      schema: {
        tags: ['processes'],
        summary: "A node's processes, a page at a time, by key (is_authorized)",
        description: '`search` matches any part of the key or the name, in any case.',
        params: nodeIdParams,
        querystring: searchListQuery,
        response: { 200: listEnvelope(processSchema), ...errors },
      },
    },
    async (req) => {
      const { rows, total } = await listNodeProcesses(app.db, callerOf(req), req.params.nodeId, req.query)
      return page(rows, total, req.query)
    },
  )

  app.get(
    '/:nodeId/:processId',
    {
      schema: {
        tags: ['processes'],
        summary: 'One process of the node with its transitions and field rules (is_authorized)',
        params: processParams,
        response: { 200: envelope(processSchema), ...errors },
      },
    },
    async (req) => ok(await getNodeProcess(app.db, callerOf(req), req.params.nodeId, req.params.processId)),
  )

  app.post(
    '/:nodeId',
    {
      schema: {
        tags: ['processes'],
        summary: 'Creates a process (is_admin)',
        description: `The key is upper-cased, then must be 2–10 of A–Z and 0–9 starting with a letter (422 processes.invalid_key) and unique in the node (409 processes.key_taken). The progress must have statuses (422 processes.progress_empty). ${definitionRules}`,
        params: nodeIdParams,
        body: processInput,
        response: { 201: envelope(processSchema), ...errors },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await createProcess(app.db, callerOf(req), req.params.nodeId, req.body),
            'processes.process_created',
          ),
        ),
  )

  app.patch(
    '/:nodeId/:processId',
    {
      schema: {
        tags: ['processes'],
        summary: 'Edits a process; given transitions or field rules replace the stored ones (is_admin)',
        description: `The key changes only while the process has had no tasks (422 processes.key_locked); task rights naming the old key follow it. A new progress must suit the stored transitions and rules unless new ones are given. ${definitionRules}`,
        params: processParams,
        body: processPatch,
        response: { 200: envelope(processSchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await editProcess(app.db, callerOf(req), req.params.nodeId, req.params.processId, req.body),
        'processes.process_edited',
      ),
  )

  app.delete(
    '/:nodeId/:processId',
    {
      schema: {
        tags: ['processes'],
        summary: 'Deletes a process that has no tasks, with its transitions and field rules (is_admin)',
        description: 'A process with tasks answers 409 processes.process_in_use.',
        params: processParams,
        response: { 200: envelope(deletedSchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await removeProcess(app.db, callerOf(req), req.params.nodeId, req.params.processId),
        'processes.process_deleted',
      ),
  )
}
