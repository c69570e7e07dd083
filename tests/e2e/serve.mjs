#!/usr/bin/env node
// Playwright's web server: a fresh DATA_DIR (a new database, seeded with the known test passwords),
// then exactly what `npm start` runs.
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

process.env.DATA_DIR ??= join(tmpdir(), 'nodus-e2e-data')
rmSync(process.env.DATA_DIR, { recursive: true, force: true })
await import('../../scripts/start.mjs')
