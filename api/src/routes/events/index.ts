import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { callerOf } from '../../http/caller'
import { errorEnvelope } from '../../http/envelope'
import { idSchema } from '../../http/params'
import { openWatch } from '../../live/open'
import { RETRY_MS } from '../../live/sse'
import { LiveStream } from '../../live/stream'

/*
 * GET /events/{nodeId}/stream (PRODUCT.md §7 "Live"): one server-sent events stream per browser
 * tab, forwarded by the web app at GET /events. Frames: `ready` (the stream is open, or has
 * replayed what it missed), `notification`, `task`, `widget`, `board`, `reload` (too much was missed:
 * reload everything). `Last-Event-ID` resumes; a comment line every 15 s keeps proxies from
 * closing it.
 */

const MAX_BOARDS = 20

const ids = z
  .string({ invalid_type_error: 'value_error' })
  .max(40 * MAX_BOARDS, 'value_error.any_str.max_length')
  .transform((s) => [
    ...new Set(
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(z.array(idSchema).max(MAX_BOARDS, 'value_error.list.max_items'))

const streamQuery = z.object({
  boards: ids
    .optional()
    .describe('The boards the tab shows (ids, comma-separated): `widget` frames for their widgets.'),
  task: idSchema
    .optional()
    .describe('The task whose card the tab shows: `task` frames when someone else changes it.'),
})

const DESCRIPTION =
  'A `text/event-stream`. Every frame has an `id:` (send it back as `Last-Event-ID` to resume without losing an event) and one JSON line of `data:`. ' +
  '`ready` `{}`: open (or caught up after a resume). `notification`: a notification for the caller (PRODUCT.md §7 shape). ' +
  "`widget` `{ widgets: [id…] }`: the data of these widgets of the boards named in `boards` changed (a changed task matched their query before or after the change, and the caller may see it); `columns` `{ [kanban widget id]: [status id…] }`, when present, names a kanban's columns the change touched (the status before and after): refetch those alone (`w.{id}.only`). " +
  '`board` `{ boards: [id…] }`: an administrator changed these boards of `boards` (name, menus, layout, widgets on them) or a widget on them (title, settings, query): reload them. ' +
  '`task` `{ id, key, version, actor: { id, full_name } }`: someone else changed the task named in `task`. ' +
  "`reload` `{}`: the stream missed too much to replay, or `Last-Event-ID` is not one this session got here (forged, another user's, session's or node's): nothing is replayed, reload everything. A comment line (`: hb`) every 15 s. " +
  "Frame ids are signed for the caller's session and node; a replay is at most 500 events and an hour back, and shows only what the caller may see. " +
  'The stream ends when its session does (sign-out, revocation, a password change, unbinding from the node, the end of a sign-in-as, expiry). ' +
  `429 events.too_many_streams when the caller already has LIVE_STREAMS_PER_USER streams open (8 by default); 503 events.server_busy when the process holds LIVE_STREAMS_MAX. ` +
  '404 nodes.node_not_found, boards.board_not_found, tasks.task_not_found (another node’s or one the caller may not see); 403 without board_view on a board.'

export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:nodeId/stream',
    {
      schema: {
        tags: ['events'],
        summary: 'The live stream of a browser tab (server-sent events)',
        description: DESCRIPTION,
        params: z.object({ nodeId: idSchema }),
        querystring: streamQuery,
        headers: z.object({ 'last-event-id': z.string().max(200).optional() }).passthrough(),
        response: {
          200: z.string().describe('text/event-stream'),
          401: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
          422: errorEnvelope,
          429: errorEnvelope,
          503: errorEnvelope,
        },
      },
    },
    async (req, reply) => {
      const { nodeId } = req.params
      const caller = callerOf(req)
      const { who, watched } = await openWatch(app.db, caller, nodeId, {
        boards: req.query.boards ?? [],
        task: req.query.task,
      })
      const hub = app.live
      // Nothing is awaited between this count and `hub.add` below.
      hub.admit(caller.auth.user.id)
      const raw = reply.raw
      reply.hijack()
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        'x-accel-buffering': 'no',
        'x-request-id': req.id,
      })
      raw.write(`retry: ${RETRY_MS}\n\n`)
      const stream = new LiveStream(
        caller,
        nodeId,
        who,
        watched,
        (text) => raw.write(text),
        () => raw.end(),
        app.liveResume,
      )
      hub.add(stream)
      const done = () => {
        hub.remove(stream)
        stream.close()
      }
      raw.on('close', done)
      // The client went away while the watch was read: its close has passed already.
      if (req.raw.socket.destroyed) done()
      const lastId = req.headers['last-event-id'] as string | undefined
      const from = app.liveResume.decode(stream.binding, lastId)
      if (from) await hub.replay(stream, from)
      else {
        // A resume id this stream cannot use (forged, another user's, session's or node's, or
        // from before a SECRET change): nothing is replayed, and the tab is told to start afresh.
        const frame = lastId ? 'reload' : 'ready'
        stream.send([{ event: frame, data: {} }], hub.position)
        if (lastId) stream.send([{ event: 'ready', data: {} }], hub.position)
        stream.replayed()
      }
    },
  )
}
