import { z } from 'zod'

/**
 * The web tier's environment, validated once on first use (STYLE.md §5). `scripts/start.mjs` passes
 * UPSTREAM_API_URL and SECRET to remix-serve. Nothing here may reach the browser: the file is
 * `.server.ts`, so the compiler leaves it out of the client bundle, and no loader returns it.
 */
const envSchema = z.object({
  UPSTREAM_API_URL: z
    .string()
    .url()
    .transform((u) => u.replace(/\/+$/, '')),
  /**
   * The upstream's Unix socket (`npm start` sets it; ADR 024): calls go through it instead of
   * TCP. UPSTREAM_API_URL still gives the Host and the path prefix.
   */
  UPSTREAM_API_SOCKET: z.string().min(1).optional(),
  SECRET: z.string().min(16),
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  /** The upstream's upload limit (api/src/config.ts): /api forwarding refuses larger bodies itself. */
  UPLOAD_MAX_MB: z.coerce.number().positive().max(1024).default(25),
  /**
   * The map widgets' default tile style when neither the widget nor the node names one: a style
   * URL, or `offline` for the offline basemap only (a server with no internet; the e2e tests).
   */
  MAP_DEFAULT_STYLE: z
    .string()
    .refine((v) => v === 'offline' || /^https?:\/\//.test(v))
    .optional(),
})

export type Env = z.infer<typeof envSchema>

let cached: Env | undefined

export function env(): Env {
  if (!cached) {
    const parsed = envSchema.safeParse(process.env)
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
      throw new Error(`Invalid environment for the web app (${problems})`)
    }
    cached = parsed.data
  }
  return cached
}

/** For tests: forget the parsed environment. */
export function resetEnv() {
  cached = undefined
}
