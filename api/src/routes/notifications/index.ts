import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { callerOf } from '../../http/caller'
import { envelope, listEnvelope, ok, page, paginationQuery } from '../../http/envelope'
import { nodeIdParams } from '../../http/params'
import { emailPreferenceFor, saveEmailPreferenceFor } from '../../services/email-preferences'
import {
  listNotifications,
  preferencesOf,
  readNotifications,
  savePreferences,
  unreadCount,
} from '../../services/notifications'
import { errors } from '../tasks/schemas'
import {
  countSchema,
  emailPreferenceAnswer,
  emailPreferenceInput,
  inboxMeta,
  inboxQuery,
  notificationSchema,
  preferenceRow,
  preferencesInput,
  readAnswer,
  readInput,
} from './schemas'

/** /api/notifications (PRODUCT.md §7): the caller's own inbox and preferences in a node. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:nodeId',
    {
      schema: {
        tags: ['notifications'],
        summary: "The caller's notifications, newest first (unread=true, kind=…)",
        description:
          'Only about tasks the caller may see now (task_view): a notification about a task whose right was taken away is not listed or counted. ' +
          'Pages by `page` or, for deep pages, by `cursor` (the previous answer’s `meta.next_cursor`: keyset, each tab read from its own index; the walk counts its total once, at its first page).',
        params: nodeIdParams,
        querystring: inboxQuery,
        response: { 200: z.object({ data: z.array(notificationSchema), meta: inboxMeta }), ...errors },
      },
    },
    async (req) => {
      const q = req.query
      const { rows, total, next_cursor } = await listNotifications(
        app.db,
        callerOf(req),
        req.params.nodeId,
        q,
      )
      const meta = { total, page: q.cursor === undefined ? q.page : null, per_page: q.per_page, next_cursor }
      return { data: rows, meta }
    },
  )

  app.get(
    '/:nodeId/count',
    {
      schema: {
        tags: ['notifications'],
        summary: "How many of the caller's notifications are unread",
        params: nodeIdParams,
        response: { 200: envelope(countSchema), ...errors },
      },
    },
    async (req) => ok(await unreadCount(app.db, callerOf(req), req.params.nodeId)),
  )

  app.post(
    '/:nodeId/read',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'Marks notifications read: `{ ids }` (the caller’s; others are passed over) or `{ all: true }`',
        params: nodeIdParams,
        body: readInput,
        response: { 200: envelope(readAnswer), ...errors },
      },
      config: { leavesAuth: true },
    },
    async (req) =>
      ok(
        await readNotifications(
          app.db,
          callerOf(req),
          req.params.nodeId,
          req.body.all ? 'all' : req.body.ids!,
        ),
      ),
  )

  app.get(
    '/:nodeId/preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The caller’s channel (app, email, off) per kind for each process they may see, by name',
        description:
          'A kind never chosen is `app`. `email` means in the app and by e-mail (the e-mail plugin).',
        params: nodeIdParams,
        querystring: paginationQuery,
        response: { 200: listEnvelope(preferenceRow), ...errors },
      },
    },
    async (req) => {
      const { rows, total } = await preferencesOf(app.db, callerOf(req), req.params.nodeId, req.query)
      return page(rows, total, req.query)
    },
  )

  app.put(
    '/:nodeId/preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Sets the caller’s channel for processes and kinds (the rest stay as they are)',
        description:
          'A process the caller may not see, or of another node, answers 404 processes.process_not_found and nothing is saved.',
        params: nodeIdParams,
        body: preferencesInput,
        response: { 200: envelope(z.object({})), ...errors },
      },
      config: { leavesAuth: true },
    },
    async (req) => {
      await savePreferences(app.db, callerOf(req), req.params.nodeId, req.body.items)
      return ok({}, 'notifications.preferences_saved')
    },
  )

  app.get(
    '/:nodeId/email',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'How the caller’s e-mailed notifications reach them: off, each as it happens, a daily digest',
        description:
          'Applies to the kinds whose channel is `email`. A digest holds what is still unread when it falls due, at `digest_time` in `time_zone`; nothing is sent when nothing is unread.',
        params: nodeIdParams,
        response: { 200: envelope(emailPreferenceAnswer), ...errors },
      },
    },
    async (req) => ok(await emailPreferenceFor(app.db, callerOf(req), req.params.nodeId)),
  )

  app.put(
    '/:nodeId/email',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Sets the caller’s e-mail mode, digest time, time zone and the mails’ language',
        params: nodeIdParams,
        body: emailPreferenceInput,
        response: { 200: envelope(emailPreferenceAnswer), ...errors },
      },
      config: { leavesAuth: true },
    },
    async (req) =>
      ok(
        await saveEmailPreferenceFor(app.db, callerOf(req), req.params.nodeId, req.body),
        'notifications.email_saved',
      ),
  )
}
