import { Readable } from 'node:stream'
import { calendar } from '@domain/widgets/kinds/calendar'
import { kanban } from '@domain/widgets/kinds/kanban'
import { map } from '@domain/widgets/kinds/map'
import { schedule } from '@domain/widgets/kinds/schedule'
import { table } from '@domain/widgets/kinds/table'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { callerOf } from '../../http/caller'
import { envelope, errorEnvelope, ok } from '../../http/envelope'
import { fastSerializer } from '../../http/fast-serializer'
import { idSchema } from '../../http/params'
import type { WidgetRow } from '../../repositories/board-data-repository'
import { type BoardRun, boardData, type FailureLog, runBoard, widgetData } from '../../services/board-data'
import { widgetCardRoutes } from './card'

/*
 * The board data call and one widget's data (PRODUCT.md §7): GET /boards/{nodeId}/{boardId}/data
 * and GET /widgets/{nodeId}/{widgetId}/data (registered under /api without a prefix: full paths). With `Accept: application/x-ndjson` the board's
 * answer streams one line per widget as each is ready, so a slow widget never holds the others.
 */

export const tableWidgetData = table.data
export const calendarWidgetData = calendar.data
export const mapWidgetData = map.data
export const scheduleWidgetData = schedule.data
export const kanbanWidgetData = kanban.data
export const widgetErrorSchema = z.object({ type: z.string(), msg: z.string() })
/** One widget's answer: its type and data, or its type and why it has none. */
export const widgetResultSchema = z.union([
  z.object({ type: z.literal('table'), data: tableWidgetData }),
  z.object({ type: z.literal('calendar'), data: calendarWidgetData }),
  z.object({ type: z.literal('map'), data: mapWidgetData }),
  z.object({ type: z.literal('schedule'), data: scheduleWidgetData }),
  z.object({ type: z.literal('kanban'), data: kanbanWidgetData }),
  z.object({ type: z.string(), error: widgetErrorSchema }),
])
/** Widget id → its answer. */
export const boardDataSchema = z.record(widgetResultSchema)

const boardParams = z.object({ nodeId: idSchema, boardId: idSchema })
const widgetParams = z.object({ nodeId: idSchema, widgetId: idSchema })
const dataQuery = z
  .object({
    widgets: z
      .string({ invalid_type_error: 'value_error' })
      .max(8000, 'value_error.any_str.max_length')
      .optional()
      .describe('Only these widgets of the board (ids, comma-separated); the others are not computed.'),
  })
  .passthrough()
  .describe('Per-widget parameters as `w.{widgetId}.{param}`')

const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 422: errorEnvelope }

const PARAMS_DOC =
  'Per-widget parameters ride in the query string as `w.{widgetId}.{param}`, read leniently by the widget type (a bad value is the default): ' +
  'a table’s `page` and `filter.{field}` (text contains in any case; number, check box, phone equal; a select by option value; a date-like field its whole day, month… or `filter.{field}.from` / `.to` inclusive), ' +
  'a calendar’s `month` (yyyy-MM), `day` (yyyy-MM-dd, UTC) and `page` (of the day’s tasks, 50 a page, with the day’s `total`; past the last: the last); a schedule’s `date` (yyyy-MM-dd, UTC, today by default); ' +
  'a kanban’s `more.{statusId}` (pages of that column shown, 2–5); a map’s `bbox` (west,south,east,north in degrees), `zoom` (0–21) and `page` (of its list of the viewport’s tasks): points up to 5,000 tasks, else grid clusters of the viewport with their status mix. A task the caller may not view (task_view) is never counted or shown. ' +
  'A widget that cannot be computed (its stored query no longer checks, its type is unknown) answers `{ type, error: { type, msg } }` in its place.'

/** The whole URL's query, repeated keys and all (the last one counts), as the widget helpers read it. */
const searchOf = (req: FastifyRequest) => new URL(req.url, 'http://upstream').searchParams

const failureLog =
  (log: FastifyBaseLogger): FailureLog =>
  (err: unknown, widget: WidgetRow) =>
    log.error({ err, widget_id: widget.id, widget_type: widget.type }, 'widget data failed')

const wantsNdjson = (req: FastifyRequest) => /application\/x-ndjson/i.test(req.headers.accept ?? '')

/**
 * One JSON line per widget as each settles, then the end. A client gone away destroys the stream
 * (Fastify does on the response's close): lines that settle later are dropped, nothing is thrown.
 */
export function ndjsonOf(run: BoardRun): Readable {
  const stream = new Readable({ read() {} })
  const push = (chunk: string | null) => {
    if (!stream.destroyed && !stream.readableEnded) stream.push(chunk)
  }
  void Promise.all(
    run.results.map(([id, result]) => result.then((r) => push(`${JSON.stringify({ id, ...r })}\n`))),
  ).finally(() => push(null))
  return stream
}

export const boardDataRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(widgetCardRoutes)

  app.get(
    '/boards/:nodeId/:boardId/data',
    {
      schema: {
        tags: ['boards'],
        summary: 'The data of every widget of a board in one call (board_view)',
        description:
          `${PARAMS_DOC} Every widget is computed in parallel. ` +
          'With `Accept: application/x-ndjson` the answer streams as one JSON line per widget, `{"id","type","data"}` or `{"id","type","error"}`, in the order they are ready. ' +
          '404 boards.board_not_found for an unknown board or another node’s; 403 rights.forbidden without board_view on it.',
        params: boardParams,
        querystring: dataQuery,
        response: { 200: envelope(boardDataSchema), ...errors },
      },
      // Every widget's answer through one compiled writer, not a zod parse of the whole board
      // (a cost that grew with each widget: bench/RESULTS.md, issue 11).
      serializerCompiler: fastSerializer,
    },
    async (req, reply) => {
      const { nodeId, boardId } = req.params
      const log = failureLog(req.log)
      if (wantsNdjson(req)) {
        const run = await runBoard(app.db, callerOf(req), nodeId, boardId, searchOf(req), log)
        return reply.type('application/x-ndjson; charset=utf-8').send(ndjsonOf(run) as never)
      }
      const data = await boardData(app.db, callerOf(req), nodeId, boardId, searchOf(req), log)
      return ok(data as z.infer<typeof boardDataSchema>)
    },
  )

  app.get(
    '/widgets/:nodeId/:widgetId/data',
    {
      schema: {
        tags: ['widgets'],
        summary: 'One widget’s data (is_admin, or the widget is on a board the caller may view)',
        description: `${PARAMS_DOC} 404 widgets.widget_not_found for an unknown widget or another node’s.`,
        params: widgetParams,
        querystring: dataQuery,
        response: { 200: envelope(widgetResultSchema), ...errors },
      },
    },
    async (req) => {
      const { nodeId, widgetId } = req.params
      const data = await widgetData(
        app.db,
        callerOf(req),
        nodeId,
        widgetId,
        searchOf(req),
        failureLog(req.log),
      )
      return ok(data as z.infer<typeof widgetResultSchema>)
    },
  )
}
