import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller'
import { envelope, listEnvelope, ok, page } from '../../http/envelope'
import { fastSerializer } from '../../http/fast-serializer'
import { nodeIdParams } from '../../http/params'
import { createTask, editTask, getTask, getTaskByKey, listTasks } from '../../services/tasks'
import {
  createParams,
  createTaskBody,
  editTaskBody,
  errors,
  keyParams,
  listTasksQuery,
  taskIdParams,
  taskSchema,
} from './schemas'

const rights =
  'Rights per process key (PRODUCT.md §3): task_view to read, task_edit to edit, task_create to create. A task the caller may not view answers 404 tasks.task_not_found, like an unknown one or another node’s.'

/** Creating, reading, listing and editing tasks. */
export const crudRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:nodeId',
    {
      serializerCompiler: fastSerializer,
      schema: {
        tags: ['tasks'],
        summary: 'The tasks the caller may view, newest updated first (task_view)',
        description: `${rights} \`process_id\` keeps one process's tasks. Without task_view for any process: 403.`,
        params: nodeIdParams,
        querystring: listTasksQuery,
        response: { 200: listEnvelope(taskSchema), ...errors },
      },
    },
    async (req) => {
      const { rows, total } = await listTasks(app.db, callerOf(req), req.params.nodeId, req.query)
      return page(rows, total, req.query)
    },
  )

  app.get(
    '/:nodeId/:id',
    {
      serializerCompiler: fastSerializer,
      schema: {
        tags: ['tasks'],
        summary: 'One task, with the moves the caller may make and the rules of its status (task_view)',
        description: rights,
        params: taskIdParams,
        response: { 200: envelope(taskSchema), ...errors },
      },
    },
    async (req) => ok(await getTask(app.db, callerOf(req), req.params.nodeId, req.params.id)),
  )

  app.get(
    '/:nodeId/:taskKey/key',
    {
      serializerCompiler: fastSerializer,
      schema: {
        tags: ['tasks'],
        summary: 'One task by its key `{KEY}-{n}`, in any case (task_view)',
        description: rights,
        params: keyParams,
        response: { 200: envelope(taskSchema), ...errors },
      },
    },
    async (req) => ok(await getTaskByKey(app.db, callerOf(req), req.params.nodeId, req.params.taskKey)),
  )

  app.post(
    '/:nodeId/:id',
    {
      serializerCompiler: fastSerializer,
      schema: {
        tags: ['tasks'],
        summary: 'Creates a task of the process (task_create for the process)',
        description: `The task starts in the first status of the process's progress, authored by the caller, keyed \`{KEY}-{n}\` (n from the process's counter, never reused). The assignee must be bound to the node (404 users.user_not_found). Custom fields: only those the process's form lets the user change (422 tasks.field_not_editable), checked with the form's rules; fields the initial status requires must be filled (422 workflow.field_required). ${rights}`,
        params: createParams,
        body: createTaskBody,
        response: { 201: envelope(taskSchema), ...errors },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(
          ok(
            await createTask(app.db, callerOf(req), req.params.nodeId, req.params.id, req.body),
            'tasks.task_created',
          ),
        ),
  )

  app.patch(
    '/:nodeId/:id',
    {
      serializerCompiler: fastSerializer,
      schema: {
        tags: ['tasks'],
        summary: 'Edits a task (task_edit for its process)',
        description: `\`version\` must be the one read (409 tasks.task_conflict, nothing changed). Title, description, assignee and status are editable, custom fields as the form allows, author and process never (422 tasks.field_not_editable). A status move obeys the process's transitions (422 workflow.move_not_allowed or workflow.status_not_in_progress, 403 workflow.move_forbidden, at body.status_id); fields the move or the status requires must be filled (422 workflow.field_required), fields read-only in the task's status keep their values (422 workflow.field_readonly). Every changed field is written to the history. ${rights}`,
        params: taskIdParams,
        body: editTaskBody,
        response: { 200: envelope(taskSchema), ...errors },
      },
    },
    async (req) => {
      const { task } = await editTask(app.db, callerOf(req), req.params.nodeId, req.params.id, req.body)
      return ok(task, 'tasks.task_edited')
    },
  )
}
