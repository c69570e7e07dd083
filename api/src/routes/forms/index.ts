import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller'
import { envelope, errorEnvelope, listEnvelope, ok, page } from '../../http/envelope'
import { nodeIdParams } from '../../http/params'
import { bindForm, createForm, deleteForm, editForm, getForm, listForms } from '../../services/forms'
import {
  bindFormBody,
  bindFormResult,
  createFormBody,
  deletedSchema,
  editFormBody,
  formParams,
  formSchema,
  listFormsQuery,
} from './schemas'

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope }

/** Forms (spec §7 Forms, PRODUCT.md §5): which fields, laid out how, editable and visible which. */
export const formsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:nodeId',
    {
      schema: {
        tags: ['forms'],
        summary: "A node's forms by name, a page at a time (is_authorized)",
        description:
          '`search` matches any part of the name in any case; `process_id` keeps the form that process is bound to.',
        params: nodeIdParams,
        querystring: listFormsQuery,
        response: { 200: listEnvelope(formSchema), ...errors },
      },
    },
    async (req) => {
      const { rows, total } = await listForms(app.db, callerOf(req), req.params.nodeId, req.query)
      return page(rows, total, req.query)
    },
  )

  app.get(
    '/:nodeId/:formId',
    {
      schema: {
        tags: ['forms'],
        summary: 'One form of the node with the processes bound to it (is_authorized)',
        params: formParams,
        response: { 200: envelope(formSchema), ...errors },
      },
    },
    async (req) => ok(await getForm(app.db, callerOf(req), req.params.nodeId, req.params.formId)),
  )

  app.post(
    '/:nodeId',
    {
      schema: {
        tags: ['forms'],
        summary: 'Creates a form (is_admin)',
        description:
          'Every entry names a field of the node (system or custom; 422 forms.unknown_field at its loc) once. Layout tabs needs tabs and a tab on every entry; layout board an x, y, w, h on every entry. `editable` and `visible` list names of the form’s entries (a group name covers its dotted children); null means all.',
        params: nodeIdParams,
        body: createFormBody,
        response: { 201: envelope(formSchema), ...errors, 409: errorEnvelope },
      },
    },
    async (req, reply) => {
      const form = await createForm(app.db, callerOf(req), req.params.nodeId, req.body)
      return reply.status(201).send(ok(form, 'forms.form_created'))
    },
  )

  app.post(
    '/bind-form/:nodeId',
    {
      schema: {
        tags: ['forms'],
        summary: 'Binds a process to the form that creates and edits its tasks (is_admin)',
        description:
          'PRODUCT.md §4: a process picks the form used to create and edit its tasks. Sets the process’s `form_id` (the one link between them; a form may serve several processes). Binding again replaces the form; `form_id: null` unbinds. A process or form of another node answers 404 (processes.process_not_found at body.process_id, forms.form_not_found at body.form_id). A bound form cannot be deleted (409 forms.form_in_use).',
        params: nodeIdParams,
        body: bindFormBody,
        response: { 200: envelope(bindFormResult), ...errors },
      },
    },
    async (req) => {
      const { code, data } = await bindForm(app.db, callerOf(req), req.params.nodeId, req.body)
      return ok(data, code)
    },
  )

  app.patch(
    '/:nodeId/:formId',
    {
      schema: {
        tags: ['forms'],
        summary: 'Edits a form (is_admin)',
        description:
          'The keys sent replace the stored ones (`fields` as a whole list) and the whole form is checked as on creation.',
        params: formParams,
        body: editFormBody,
        response: { 200: envelope(formSchema), ...errors, 409: errorEnvelope },
      },
    },
    async (req) =>
      ok(
        await editForm(app.db, callerOf(req), req.params.nodeId, req.params.formId, req.body),
        'forms.form_edited',
      ),
  )

  app.delete(
    '/:nodeId/:formId',
    {
      schema: {
        tags: ['forms'],
        summary: 'Deletes a form no process is bound to (is_admin)',
        description:
          'Refused while a process creates its tasks with the form (409 forms.form_in_use, `ctx.processes` lists them): bind those processes to another form first.',
        params: formParams,
        response: { 200: envelope(deletedSchema), ...errors, 409: errorEnvelope },
      },
    },
    async (req) =>
      ok(await deleteForm(app.db, callerOf(req), req.params.nodeId, req.params.formId), 'forms.form_deleted'),
  )
}
