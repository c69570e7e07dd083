import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { BODY_LIMIT } from '@domain/http-limits'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance, LogController } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from './config'
import type { Database, Db, Listening } from './db/client'
import { EventBus } from './events/bus'
import { authPlugin } from './http/auth-hook'
import { transformWithComponents, withSchemaComponents } from './http/components'
import { errorsPlugin, frameworkErrors } from './http/error-handler'
import { inputGuardPlugin } from './http/input-guard'
import { API_PREFIX } from './http/prefix'
import { SecretBox } from './lib/secret-box'
import { TokenSigner } from './lib/tokens'
import { LiveHub } from './live/hub'
import { ResumeSigner } from './live/position'
import { registerMetrics } from './metrics'
import { consumeForNotifications } from './notifications/make'
import { type PluginRuntime, startPlugins } from './plugins/runtime'
import { attachmentsRoutes } from './routes/attachments'
import { boardsRoutes } from './routes/boards'
import { boardDataRoutes } from './routes/boards/data'
import { eventsRoutes } from './routes/events'
import { fieldsRoutes } from './routes/fields'
import { formsRoutes } from './routes/forms'
import { healthRoutes } from './routes/health'
import { nodesRoutes } from './routes/nodes'
import { notificationsRoutes } from './routes/notifications'
import { pluginConfigsRoutes, pluginsRoutes } from './routes/plugins'
import { processesRoutes } from './routes/processes'
import { progressRoutes } from './routes/progress'
import { queriesRoutes } from './routes/queries'
import { rightsRoutes } from './routes/rights'
import { statusesRoutes } from './routes/statuses'
import { tasksRoutes } from './routes/tasks'
import { csvRoutes } from './routes/tasks/csv-routes'
import { rqlRoutes } from './routes/tasks/rql-routes'
import { teamsRoutes } from './routes/teams'
import { usersRoutes } from './routes/users'
import { widgetsRoutes } from './routes/widgets'
import { AuthCache, registerAuthCache } from './services/auth-cache'
import { widgetDataListening, widgetDataNotice } from './services/board-data/cache'
import { indexBuildsSettled, resumeIndexBuilds } from './services/field-indexes'
import { forgetTaskReads, forgetTaskReadsOn } from './services/task-counts'
import { type FileStorage, openStorage } from './storage'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    database: Database
    config: Config
    tokens: TokenSigner
    storage: FileStorage
    /** Seals plugin secrets at rest (key derived from SECRET). */
    secretBox: SecretBox
    /** The plugins' consumers and workers (webhook deliveries). */
    plugins: PluginRuntime
    /** This process's ear on the database's change notices (the auth cache's invalidation). */
    changes: Listening
    /** What was committed, as events: subscribe, or consume durably (ADR 015). */
    events: EventBus
    /** The live streams of browser tabs open on this process (PRODUCT.md §7 "Live"). */
    live: LiveHub
    /** Signs and checks the live streams' resume ids (Last-Event-ID), with a key from SECRET. */
    liveResume: ResumeSigner
  }
  interface FastifyRequest {
    /** The caller's address: X-Forwarded-For is believed only from the web app (proxy key). */
    clientIp: string
  }
}

/** The key the web app sends in X-Nodus-Proxy so that the upstream trusts its forwarded headers. */
export function proxyKey(secret: string): string {
  return createHmac('sha256', secret).update('nodus-proxy').digest('base64url')
}

function fromTrustedProxy(req: IncomingMessage, key: Buffer): boolean {
  const sent = req.headers['x-nodus-proxy']
  if (typeof sent !== 'string') return false
  const b = Buffer.from(sent)
  return b.length === key.length && timingSafeEqual(b, key)
}

export { API_PREFIX }

/** Builds the upstream API over an open database. Tests call this; server.ts listens. */
export async function buildApp(
  config: Config,
  database: Database,
  opts: { logger?: boolean; storage?: FileStorage } = {},
) {
  const key = Buffer.from(proxyKey(config.secret))
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            base: { tier: 'api', pid: process.pid },
            redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-nodus-proxy"]'],
          },
    bodyLimit: BODY_LIMIT,
    frameworkErrors,
    // One line per request (onResponse below) instead of Fastify's two: half the logging on the hot
    // path. Through the log controller: the top-level option is deprecated (FSTDEP023).
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: (req) => {
      const id = req.headers['x-request-id']
      return fromTrustedProxy(req, key) && typeof id === 'string' && id.length <= 128 ? id : randomUUID()
    },
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('db', database.db)
  app.decorate('database', database)
  app.decorate('config', config)
  app.decorate('tokens', new TokenSigner(config.secret))
  app.decorate('storage', opts.storage ?? openStorage(config.filesDir))
  app.decorate('secretBox', new SecretBox(config.secret))
  app.decorateRequest('clientIp', '')
  // Sessions and node access kept in memory, dropped on the database's change notices (0007).
  const authCache = new AuthCache()
  registerAuthCache(database.db, authCache)
  // Events (ADR 015): the caches that follow task writes subscribe; the outbox's notice wakes the bus.
  const events = new EventBus(database.db, app.log, { retentionDays: config.EVENTS_RETENTION_DAYS })
  forgetTaskReadsOn(events)
  let heard = false
  // Created below, once the bus runs; the notices reach it from then on (its streams end with their session).
  let live: LiveHub | undefined
  const listening = await database.listen('nodus_changes', {
    // 'e': events were committed (0010); 't:<node>': the node's tasks changed, also by a script
    // (0008); the rest is the auth cache's and the widgets' data's (ADR 023).
    notice: (payload) => {
      if (payload === 'e') events.wake()
      else if (payload.startsWith('t:')) forgetTaskReads(payload.slice(2))
      else {
        authCache.changed(payload)
        widgetDataNotice(payload)
        live?.changed(payload)
      }
    },
    listening: (on) => {
      authCache.setListening(on)
      // Told once per change, whatever the connection reports (a stop after a loss says false again).
      if (on !== heard) {
        heard = on
        widgetDataListening(on)
      }
      // Back after a loss: what was committed meanwhile is read now, and every stream's session.
      if (on) {
        events.wake()
        live?.recheck()
      }
    },
  })
  await events.start()
  // Notifications from the task events (issue 13): durable, one upstream process at a time.
  await consumeForNotifications(events, database.db)
  // Webhooks (issue 14): events → queued deliveries (durable), sent by a worker beside the API.
  const plugins = await startPlugins({
    db: database.db,
    box: app.secretBox,
    events,
    config,
    log: app.log,
    storage: app.storage,
  })
  app.decorate('plugins', plugins)
  app.decorate('changes', listening)
  app.decorate('events', events)
  live = new LiveHub(database.db, events, app.log, {
    perUser: config.LIVE_STREAMS_PER_USER,
    total: config.LIVE_STREAMS_MAX,
  })
  live.start()
  app.decorate('live', live)
  app.decorate('liveResume', new ResumeSigner(config.secret))
  // Before the server waits for open requests to finish: a live stream never would.
  app.addHook('preClose', async () => live?.stop())
  // Field index builds cut short by a stop (issue 28): resumed now, after the answer of nothing.
  void resumeIndexBuilds(database.db, (err) =>
    app.log.warn({ err }, 'field index reconciliation failed'),
  ).catch((err) => app.log.warn({ err }, 'field index resumption failed'))
  app.addHook('onClose', async () => {
    await indexBuildsSettled()
    await plugins.stop()
    await events.stop()
    await listening.stop()
  })
  // A write answers only after this process has heard the notices of what it changed, so the
  // caller's next call never meets what the write replaced (read your writes through the cache).
  // The hooks on every request are callback hooks: no promise and no microtask per request for
  // the reads, which wait for nothing here (issue 15 item 6).
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.routeOptions.config?.leavesAuth)
      return done(null, payload)
    listening.sync().then(
      () => done(null, payload),
      (error: Error) => done(error),
    )
  })
  app.addHook('onRequest', (req, reply, done) => {
    const fwd = req.headers['x-forwarded-for']
    req.clientIp =
      typeof fwd === 'string' && fromTrustedProxy(req.raw, key) ? fwd.split(',')[0]!.trim() : req.ip
    reply.header('x-request-id', req.id)
    done()
  })
  // The request line is an info line: at a quieter level (production's warn) no hook runs at all.
  if (opts.logger !== false && ['trace', 'debug', 'info'].includes(config.LOG_LEVEL))
    app.addHook('onResponse', async (req, reply) => {
      req.log.info(
        {
          method: req.method,
          url: req.url,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
          ip: req.clientIp,
        },
        'request',
      )
    })

  await app.register(errorsPlugin)
  // GET /metrics and the request histogram's hook, before the routes it measures (issue 27).
  await registerMetrics(app as unknown as FastifyInstance, { token: config.METRICS_TOKEN, database })
  // Before every route: a depth limit on JSON bodies, no NUL or lone surrogate in any text (issue 10).
  await app.register(inputGuardPlugin)
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Nodus API',
        version: '1.0.0',
        description: 'The upstream API of Nodus (PRODUCT.md §2).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: transformWithComponents,
    transformObject: withSchemaComponents,
  })
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` })
  app.get(`${API_PREFIX}/openapi.json`, { config: { public: true }, schema: { hide: true } }, async () =>
    app.swagger(),
  )
  await app.register(authPlugin)
  await app.register(
    async (api) => {
      await api.register(healthRoutes)
      await api.register(usersRoutes, { prefix: '/users' })
      await api.register(nodesRoutes, { prefix: '/nodes' })
      await api.register(rightsRoutes, { prefix: '/rights' })
      await api.register(fieldsRoutes, { prefix: '/fields' })
      await api.register(formsRoutes, { prefix: '/forms' })
      await api.register(teamsRoutes, { prefix: '/teams' })
      await api.register(statusesRoutes, { prefix: '/statuses' })
      await api.register(progressRoutes, { prefix: '/progress' })
      await api.register(processesRoutes, { prefix: '/processes' })
      await api.register(boardsRoutes, { prefix: '/boards' })
      await api.register(widgetsRoutes, { prefix: '/widgets' })
      await api.register(pluginsRoutes, { prefix: '/plugins' })
      await api.register(pluginConfigsRoutes, { prefix: '/plugin-configs' })
      // The board data calls (branch boards-data): full paths /boards/…/data and /widgets/…/data.
      await api.register(boardDataRoutes)
      await api.register(eventsRoutes, { prefix: '/events' })
      // Tasks, their parts and queries write only task rows, never what the auth cache holds.
      await api.register(async (work) => {
        work.addHook('onRoute', (route) => {
          route.config = { ...route.config, leavesAuth: true }
        })
        await work.register(tasksRoutes, { prefix: '/tasks' })
        await work.register(attachmentsRoutes, { prefix: '/attachments' })
        await work.register(rqlRoutes, { prefix: '/tasks' })
        await work.register(csvRoutes, { prefix: '/tasks' })
        await work.register(notificationsRoutes, { prefix: '/notifications' })
        await work.register(queriesRoutes, { prefix: '/queries' })
      })
    },
    { prefix: API_PREFIX },
  )
  return app as unknown as FastifyInstance
}

export type App = Awaited<ReturnType<typeof buildApp>>
