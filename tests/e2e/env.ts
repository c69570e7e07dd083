import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Shared by playwright.config.ts and the tests: where and how the e2e server runs. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? join(tmpdir(), 'nodus-e2e-data')
// E2E_PORT: several worktrees on one machine can run the suite at once, each on its own port.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100)
export const ORIGIN = `http://127.0.0.1:${E2E_PORT}`
/** Chromium resolves *.localhost to loopback: one tenant per first label (PRODUCT.md §1). */
export const tenant = (node: string) => `http://${node}.localhost:${E2E_PORT}`

export const ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password', fullName: 'Nodus Admin' }
export const USER = {
  email: 'user@example.com',
  password: 'e2e-user-password',
  fullName: 'Petrov Ivan Sergeevich',
}

/** The suite server's METRICS_TOKEN: GET /metrics on both tiers (PRODUCT.md §10). */
export const METRICS_TOKEN = 'e2e-metrics-token-for-prometheus'
