import { defineConfig } from '@playwright/test'
import { ADMIN, E2E_DATA_DIR, E2E_PORT, METRICS_TOKEN, ORIGIN, USER } from './tests/e2e/env'

export default defineConfig({
  testDir: 'tests/e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // In CI a failed test runs once more: one that then passes is reported as flaky, by name, in the
  // closing summary of npm test (scripts/test.mjs) and still counts as passed; one that fails twice
  // fails the run. A busy 2-core machine stretches timings; a real defect fails both times.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: ORIGIN,
    locale: 'en-US',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium; never `npx playwright install` here (DEPENDENCIES.md).
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // The real thing: scripts/start.mjs builds when stale, starts the upstream API and the web app.
    command: 'node tests/e2e/serve.mjs',
    url: `${ORIGIN}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      // The e2e run's own data directory, emptied by tests/e2e/serve.mjs before the server starts.
      DATA_DIR: E2E_DATA_DIR,
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: ADMIN.password,
      USER_PASSWORD: USER.password,
      LOG_LEVEL: 'warn',
      // The webhook tests' receiver listens on loopback (PRODUCT.md §7: refused unless allowed).
      WEBHOOKS_ALLOW_PRIVATE: '1',
      // So does the e-mail tests' SMTP server.
      SMTP_ALLOW_PRIVATE: '1',
      // And the SSO tests' identity server and user centre: every outbound call (ADR 027).
      OUTBOUND_ALLOW_PRIVATE: '1',
      // GET /metrics on both tiers (tests/e2e/metrics.spec.ts).
      METRICS_TOKEN,
    },
  },
})
