import { CSV_LANGUAGES } from '@domain/csv/headers'
import { MAX_QUERY_LENGTH } from '@domain/rql'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { callerOf } from '../../http/caller'
import { detailSchema, errorEnvelope } from '../../http/envelope'
import { idSchema, nodeIdParams } from '../../http/params'
import { csvSettings } from '../../services/csv/csv-settings'
import { exportFileName, exportTasks } from '../../services/csv/export'
import { getUpload, runImport, uploadImport } from '../../services/csv/import'
import { MAX_COLUMNS, MAX_FILE_BYTES, MAX_FILE_MB, MAX_LINE, MAX_ROWS } from '../../services/csv/read-file'
import { taskCaller } from '../../services/task-access'

/*
 * The CSV plugin over HTTP (PRODUCT.md §7): a task query out as a file, and a file in through an
 * upload, a dry run and a run that is one undoable batch. Registered under /tasks.
 */

const lang = z.enum(CSV_LANGUAGES).default('ru')

const exportQuery = z.object({
  query: z.string().max(MAX_QUERY_LENGTH, 'value_error.any_str.max_length').default(''),
  lang,
})

/** base64 grows a file by a third; the rest is the JSON around it. */
const UPLOAD_BODY_LIMIT = Math.ceil((MAX_FILE_BYTES * 4) / 3) + 64 * 1024

/** base64 checked without a backtracking pattern (zod's overflows the stack on a large file). */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/
const uploadBody = z
  .object({
    file: z
      .string({ required_error: 'value_error.missing' })
      .min(1, 'value_error.missing')
      .refine((v) => v.length % 4 === 0 && BASE64.test(v), 'value_error'),
  })
  .strict()

const uploadAnswer = z.object({
  data: z.object({
    id: z.string().uuid(),
    delimiter: z.string(),
    headers: z.array(z.string()),
    rows: z.number().int(),
    mapping: z.array(z.string().nullable()),
  }),
})

const runBody = z
  .object({
    mapping: z.array(z.string().max(200).nullable()).max(MAX_COLUMNS),
    process_id: idSchema.optional(),
    update_existing: z.boolean().default(false),
    dry_run: z.boolean().default(true),
    lang,
  })
  .strict()

const shownRow = z.object({
  line: z.number().int(),
  action: z.enum(['create', 'update', 'unchanged']),
  key: z.string().nullable(),
  before: z.record(z.string()),
  after: z.record(z.string()),
})

const runAnswer = z.object({
  data: z.union([
    z.object({
      dry_run: z.literal(true),
      created: z.number().int(),
      updated: z.number().int(),
      unchanged: z.number().int(),
      refused: z.number().int(),
      rows: z.array(shownRow),
      refusals: z.array(
        z.object({ line: z.number().int(), key: z.string().nullable(), detail: detailSchema }),
      ),
    }),
    z.object({
      dry_run: z.literal(false),
      created: z.number().int(),
      updated: z.number().int(),
      unchanged: z.number().int(),
      batch_id: z.string().uuid().nullable(),
    }),
  ]),
})

const errors = {
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  413: errorEnvelope,
  422: errorEnvelope,
  429: errorEnvelope,
}

const settingsAnswer = z.object({ data: z.object({ enabled: z.boolean(), delimiter: z.string() }) })

export const csvRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:nodeId/csv/settings',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Whether CSV export and import are on in the node, and the export’s separator',
        description:
          'On with a comma when the node has no CSV plugin configuration; its configuration sets the separator, and disabling it turns CSV off ' +
          '(then every CSV call answers 403 csv.disabled). Any member of the node may ask.',
        params: nodeIdParams,
        response: { 200: settingsAnswer, ...errors },
      },
    },
    async (req) => {
      await taskCaller(app.db, callerOf(req), req.params.nodeId)
      return { data: await csvSettings(app.db, req.params.nodeId) }
    },
  )

  app.get(
    '/:nodeId/csv',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Every task a query selects, as a CSV file (task_view)',
        description:
          'Only tasks of processes the caller may view. Streams every row (read a page at a time, never all at once). ' +
          'Columns: key, title, description, process, status, assignee, author, created, updated, then one per custom field (a password never); ' +
          'headers in `lang`; values as a user types them (dates dd.MM.yyyy, options by title, yes/no), so the file imports back. ' +
          'UTF-8 with a BOM, the separator of the node’s CSV plugin configuration (a comma by default); a cell starting with = + - @ (a header cell too: a custom field’s title) is written with a leading apostrophe. ' +
          'A bad query answers 422 with the checker’s code before any byte; CSV turned off in the node (its CSV configuration disabled): 403 csv.disabled.',
        params: nodeIdParams,
        querystring: exportQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (req, reply) => {
      const stream = await exportTasks(app.db, callerOf(req), req.params.nodeId, req.query)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName()}"`)
        .header('cache-control', 'no-store')
        .send(stream as never)
    },
  )

  app.post(
    '/:nodeId/csv/imports',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags: ['tasks'],
        summary: 'Uploads a CSV file to import (kept for the uploader)',
        description:
          `\`file\`: the file's bytes in base64, at most ${MAX_FILE_MB} MB (413 csv.too_large). UTF-8 with or without a BOM (else 422 csv.bad_encoding); ` +
          `the separator (; , or tab) is found on the header line. Refused at once (422): no header (csv.empty), a line over ${MAX_LINE} characters (csv.line_too_long), ` +
          `more than ${MAX_COLUMNS} columns (csv.too_many_columns) or ${MAX_ROWS} rows (csv.too_many_rows), a header twice (csv.duplicate_header), an unreadable file (csv.bad_file, ctx.line). ` +
          'Answers the headers and, per column, the field its header names in any of ru/en/zh (null: none). CSV turned off in the node: 403 csv.disabled (on every call of /csv/imports). ' +
          'Uploads waiting for their import (not yet imported, younger than a day) are bounded per user and node: CSV_UPLOADS_PER_USER files (10 by default; 429 csv.too_many_uploads, ctx.max) and CSV_UPLOADS_MB_PER_USER megabytes together (50; 413 csv.uploads_too_large, ctx.max).',
        params: nodeIdParams,
        body: uploadBody,
        response: { 200: uploadAnswer, ...errors },
      },
    },
    async (req) => ({
      data: await uploadImport(
        app.db,
        app.storage,
        callerOf(req),
        req.params.nodeId,
        Buffer.from(req.body.file, 'base64'),
        { files: app.config.CSV_UPLOADS_PER_USER, mb: app.config.CSV_UPLOADS_MB_PER_USER },
      ),
    }),
  )

  app.get(
    '/:nodeId/csv/imports/:id',
    {
      schema: {
        tags: ['tasks'],
        summary: 'An upload of the caller’s, as its upload answered it',
        description:
          'Another user’s upload, another node’s, or one already imported: 404 csv.upload_not_found.',
        params: nodeIdParams.extend({ id: idSchema }),
        response: { 200: uploadAnswer, ...errors },
      },
    },
    async (req) => ({
      data: await getUpload(app.db, app.storage, callerOf(req), req.params.nodeId, req.params.id),
    }),
  )

  app.post(
    '/:nodeId/csv/imports/:id/run',
    {
      schema: {
        tags: ['tasks'],
        summary: 'Plans (dry run) or imports an uploaded file, as one batch',
        description:
          '`mapping`: per column, the field it fills (key, title, description, status, assignee, cf_…) or null. Rows become tasks of `process_id`; ' +
          'with `update_existing`, a row whose key column names a task of this node (its key or id) changes that task instead; a key this node has not (another node’s task), or one the caller may not view, refuses the row (tasks.task_not_found). ' +
          'Every row is planned as a form’s create or edit: the field registry’s rules, the form, the workflow (a status other than the first is a move), the caller’s rights. Statuses by name, assignees by e-mail. ' +
          '`dry_run` (the default): writes nothing, answers the counts, the first 50 rows to create or change with their values before and after, and every refused row with its reasons (ctx.line, ctx.column). ' +
          'A run writes all rows as one batch (`batch_id`; POST /tasks/{nodeId}/rql/undo/{batch_id} undoes it: new tasks are deleted, changes restored), or, if any row is refused, nothing: 422 csv.rows_refused then the rows’ reasons.',
        params: nodeIdParams.extend({ id: idSchema }),
        body: runBody,
        response: { 200: runAnswer, ...errors },
      },
    },
    async (req) => ({
      data: await runImport(app.db, app.storage, callerOf(req), req.params.nodeId, req.params.id, req.body),
    }),
  )
}
