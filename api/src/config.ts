import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { z } from 'zod'

const envSchema = z.object({
  DATABASE_URL: z.string().url().optional(),
  /**
   * A direct connection to the same PostgreSQL, for LISTEN, when DATABASE_URL leads to PgBouncer in
   * transaction pooling mode (PRODUCT.md §10, ADR 029).
   */
  DATABASE_LISTEN_URL: z.string().url().optional(),
  /** 'pgbouncer': DATABASE_URL is a pooler in transaction mode; 'none': it is not; unset: found out. */
  DATABASE_POOLER: z.enum(['pgbouncer', 'none']).optional(),
  DATA_DIR: z.string().default('./data'),
  /** Attachments (PRODUCT.md §1); unset: DATA_DIR/files, or kept in memory when DATA_DIR is ':memory:'. */
  FILES_DIR: z.string().optional(),
  /** The largest attachment accepted, in megabytes (413 request.too_large beyond). */
  UPLOAD_MAX_MB: z.coerce.number().positive().max(1024).default(25),
  SECRET: z.string().min(16).optional(),
  API_HOST: z.string().default('127.0.0.1'),
  /** Unset: 3001, unless API_SOCKET is set (then the upstream listens on the socket alone). */
  API_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /**
   * A Unix socket to listen on (`npm start` sets one in a private temporary directory for the web tier, ADR 024); with
   * API_PORT as well the upstream listens on both.
   */
  API_SOCKET: z.string().min(1).max(100).optional(),
  ADMIN_EMAIL: z.string().email().default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  USER_EMAIL: z.string().email().default('user@example.com'),
  USER_PASSWORD: z.string().min(8).optional(),
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  /**
   * Processes serving the API (node:cluster, one port). More than one needs DATABASE_URL: the
   * embedded database lives inside one process. Each keeps its own caches, kept exact by the
   * database's change notices.
   */
  API_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * How many custom fields of one node may be marked indexed (issue 28): each is a b-tree over
   * every task's row that every write of a task keeps up to date.
   */
  INDEXED_FIELDS_PER_NODE: z.coerce.number().int().min(0).max(50).default(5),
  /** Outbox retention (ADR 015): events older than this that every durable consumer has passed go. */
  EVENTS_RETENTION_DAYS: z.coerce.number().int().min(1).default(7),
  /**
   * '1': the servers may call loopback, private, link-local and other non-public addresses on a
   * tenant's behalf (webhooks, SMTP, the SSO plugin's JWKS and service centre; ADR 027). Tests
   * and closed networks only.
   */
  OUTBOUND_ALLOW_PRIVATE: z.enum(['0', '1']).default('0'),
  /** The same for webhooks alone (kept from before OUTBOUND_ALLOW_PRIVATE). */
  WEBHOOKS_ALLOW_PRIVATE: z.enum(['0', '1']).default('0'),
  /** One delivery attempt's limit: a receiver that never answers costs this much, in the worker. */
  WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** The first retry's delay; each next doubles (up to an hour) until a day has passed. */
  WEBHOOKS_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
  /** How often the worker looks for retries that fell due. */
  WEBHOOKS_POLL_MS: z.coerce.number().int().min(10).default(5_000),
  /**
   * Where the web app is reached, for links in e-mails: a node's pages are at its domain as the
   * first label of this host (http://localhost:3000 → http://acme.localhost:3000). Unset:
   * http://localhost:PORT.
   */
  PUBLIC_URL: z.string().url().optional(),
  /** The web app's port (read for PUBLIC_URL's default only). */
  PORT: z
    .string()
    .regex(/^\d{1,5}$/)
    .optional()
    .catch(undefined),
  /** The same for the e-mail plugin's SMTP host alone (a local relay; kept from before OUTBOUND_ALLOW_PRIVATE). */
  SMTP_ALLOW_PRIVATE: z.enum(['0', '1']).default('0'),
  /** '0': accept an SMTP server's certificate that does not verify (a relay's self-signed one). */
  SMTP_TLS_VERIFY: z.enum(['0', '1']).default('1'),
  /** One SMTP step's limit (connect, greeting, each answer); a whole send at most three times it. */
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** The first retry of an e-mail; each next doubles (up to an hour), 30 tries in all. */
  EMAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
  /** How often the e-mail worker looks for retries and digests that fell due. */
  EMAIL_POLL_MS: z.coerce.number().int().min(10).default(5_000),
  /** How often unused CSV uploads older than a day are removed (also once at start). */
  CSV_SWEEP_MS: z.coerce.number().int().min(10).default(3_600_000),
  /** CSV uploads a user may have waiting for their import in one node (429 csv.too_many_uploads beyond). */
  CSV_UPLOADS_PER_USER: z.coerce.number().int().min(1).max(1000).default(10),
  /** Megabytes of CSV uploads a user may have waiting in one node (413 csv.uploads_too_large beyond). */
  CSV_UPLOADS_MB_PER_USER: z.coerce.number().positive().max(10_240).default(50),
  /** Live streams (browser tabs) one user may have open on one upstream process (429 events.too_many_streams beyond). */
  LIVE_STREAMS_PER_USER: z.coerce.number().int().min(1).max(1000).default(8),
  /** Live streams one upstream process holds at most (503 events.server_busy beyond). */
  LIVE_STREAMS_MAX: z.coerce.number().int().min(1).max(1_000_000).default(5_000),
  /**
   * The bearer that GET /metrics asks for (Prometheus, PRODUCT.md §10); unset: /metrics answers 404.
   */
  METRICS_TOKEN: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})

export type Config = z.infer<typeof envSchema> & { secret: string; dataDir: string; filesDir: string }

/**
 * Reads the environment once. SECRET, when unset, is generated and kept in DATA_DIR so that
 * restarts keep sessions (PRODUCT.md §1).
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.parse(env)
  // ':memory:' is a marker for a throwaway PGlite (tests), not a path: resolving it made a directory
  // named ':memory:' in the working tree, shared by every run.
  const dataDir = parsed.DATA_DIR === ':memory:' ? ':memory:' : resolve(parsed.DATA_DIR)
  const filesDir = parsed.FILES_DIR
    ? resolve(parsed.FILES_DIR)
    : dataDir === ':memory:'
      ? ':memory:'
      : join(dataDir, 'files')
  return { ...parsed, dataDir, filesDir, secret: parsed.SECRET ?? readOrCreateSecret(dataDir) }
}

export function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
