#!/usr/bin/env node
// Builds the web app with Remix's classic compiler: what `remix build` does, without its two
// faults on a newcomer's console (issue 27):
// - the `remix` CLI loads vite-node for its `vite:*` commands whatever the command, and with it
//   Vite's CJS entry, which prints "The CJS build of Vite's Node API is deprecated" although the
//   classic compiler never runs Vite;
// - it exits as soon as the build is written without disposing of esbuild's contexts, so the
//   esbuild service now and then sees its input close mid-request and prints a Go "deadlock"
//   stack trace.
// Remix v2's compiler has no public API for this; these modules are the ones its CLI calls.
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const root = resolve(fileURLToPath(import.meta.url), '../..')
const { readConfig } = require('@remix-run/dev/dist/config.js')
const { create } = require('@remix-run/dev/dist/compiler/compiler.js')
const { createFileWatchCache } = require('@remix-run/dev/dist/compiler/fileWatchCache.js')
const { logger } = require('@remix-run/dev/dist/tux/logger.js')
const { logThrown } = require('@remix-run/dev/dist/compiler/utils/log.js')
// fs-extra as Remix's own dependency, wherever npm placed it.
const fse = createRequire(require.resolve('@remix-run/dev/package.json'))('fs-extra')

const mode = process.env.NODE_ENV === 'development' ? 'development' : 'production'
const started = Date.now()
logger.info(`building... (NODE_ENV=${mode})`)
const config = await readConfig(root)
fse.emptyDirSync(config.assetsBuildDirectory)
const compiler = await create({
  config,
  options: { mode, sourcemap: false },
  fileWatchCache: createFileWatchCache(),
  logger,
})
try {
  await compiler.compile()
} catch (thrown) {
  logThrown(thrown)
  process.exitCode = 1
} finally {
  // esbuild's service stops quietly once no context is left.
  await compiler.dispose()
}
if (!process.exitCode) logger.info(`built (${((Date.now() - started) / 1000).toFixed(1)}s)`)
