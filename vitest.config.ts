import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const alias = {
  '~': fileURLToPath(new URL('./app', import.meta.url)),
  '@domain': fileURLToPath(new URL('./domain', import.meta.url)),
}

// Kept apart from the Remix build. `unit`: domain/ and app/ beside their code; `api`: the upstream
// over a real database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['domain/**/*.test.ts', 'app/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
          setupFiles: ['api/test/setup-one-query-at-a-time.ts'],
          // On the embedded database, every file's upstream starts from one migrated PGlite.
          globalSetup: ['api/test/pglite-template.ts'],
          // Two cores: one file at a time keeps PGlite's start-up from starving the others. On a
          // PostgreSQL server (TEST_DATABASE_URL, CI's second pass) there is no PGlite to start and
          // two files at a time keep both cores busy: 327 → 285 s for api/src/routes/tasks even on a
          // machine loaded 13–16 (session 2026-11-29), more on a quiet one.
          fileParallelism: Boolean(process.env.TEST_DATABASE_URL),
          maxWorkers: process.env.TEST_DATABASE_URL ? 2 : 1,
        },
      },
    ],
  },
})
