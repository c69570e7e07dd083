#!/usr/bin/env node
// `npm test`: every suite, one after the other, then one plain summary line summing all of them
// (`Tests: N passed, N failed[, N skipped]`), which CI reads.
//   1. Vitest, projects `unit` and `api`, on the embedded database (PGlite in memory).
//   2. Playwright (tests/e2e), when playwright.config.ts exists; it starts the app itself.
// DATABASE_URL is never passed on, so a developer's own database is never touched. To test on a
// PostgreSQL server, say so explicitly: TEST_DATABASE_URL (the api project makes a database per
// test file on that server), E2E_DATABASE_URL (becomes DATABASE_URL of the app Playwright starts).
// Options: --api-only (just the api project: the PostgreSQL pass), --e2e-only, --no-e2e,
// --e2e-list=FILE (only the spec files FILE names, one a line, `#` comments: CI's PostgreSQL pass).
// After --api-only, test files (api/…/x.test.ts) narrow it to those: CI's Node 24 slice.
// TEST_SUMMARY_FILE=path also writes the counts there as JSON (used by .ci/run).
// Exits non-zero when a runner failed, crashed, or ran no test.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(fileURLToPath(import.meta.url), '../..')
const USAGE = 'usage: npm test [-- --api-only [api/…/x.test.ts …] | --e2e-only | --no-e2e] [--e2e-list=FILE]'
const KNOWN = new Set(['--api-only', '--e2e-only', '--no-e2e', '--help', '-h'])

const argv = process.argv.slice(2)
const files = argv.includes('--api-only') ? argv.filter((a) => /^api\/.+\.test\.ts$/.test(a)) : []
const args = argv.filter((a) => !files.includes(a))
const unknown = args.filter((a) => !KNOWN.has(a) && !a.startsWith('--e2e-list='))
if (unknown.length || args.includes('--help') || args.includes('-h')) {
  if (unknown.length) console.error(`unknown option: ${unknown.join(' ')}`)
  console.error(USAGE)
  process.exit(unknown.length ? 2 : 0)
}
const apiOnly = args.includes('--api-only')
const e2eOnly = args.includes('--e2e-only')
if (apiOnly && e2eOnly) {
  console.error(`--api-only and --e2e-only exclude each other\n${USAGE}`)
  process.exit(2)
}
const hasPlaywright = existsSync(join(root, 'playwright.config.ts'))
const runVitest = !e2eOnly
const runE2e = !apiOnly && !args.includes('--no-e2e') && hasPlaywright

// The spec files of --e2e-list (none: every spec).
const listArg = args.find((a) => a.startsWith('--e2e-list='))
const e2eFiles = listArg
  ? readFileSync(resolve(root, listArg.slice('--e2e-list='.length)), 'utf8')
      .split('\n')
      .map((l) => l.replace(/#.*/, '').trim())
      .filter(Boolean)
  : []
for (const f of e2eFiles) {
  if (!existsSync(join(root, f))) {
    console.error(`--e2e-list names ${f}, which does not exist`)
    process.exit(2)
  }
}

const reports = mkdtempSync(join(tmpdir(), 'nodus-test-'))

// Stopped (Ctrl-C, or CI's time limit): pass the signal to the runner, start no other, and still
// print the summary, so that nothing is left running and the closing line is there.
let current = null
let interrupted = null
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    interrupted = sig
    current?.kill(sig)
  })
}

/** Runs a command with the terminal attached; resolves with its exit code (signals count as 1). */
function run(cmd, cmdArgs, env) {
  if (interrupted) return Promise.resolve(1)
  return new Promise((done) => {
    const child = spawn(cmd, cmdArgs, { cwd: root, env, stdio: 'inherit' })
    current = child
    child.on('error', (err) => {
      console.error(`[test] could not start ${cmd}: ${err.message}`)
      done(127)
    })
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)))
  })
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

/**
 * A runner's counts. A runner that exited non-zero without a failed test (a file that does not
 * load, an unhandled error, a web server that did not start), or that ran no test, counts as one
 * failure, so that the summary line never reads green over a red exit.
 */
function result(name, code, counts, started, failures = []) {
  const r = {
    name,
    code,
    seconds: Math.round((Date.now() - started) / 1000),
    problem: null,
    failures,
    ...counts,
  }
  if (!counts) {
    Object.assign(r, { passed: 0, failed: 1, skipped: 0, problem: 'no report was written' })
  } else if (r.passed + r.failed === 0) {
    r.failed = 1
    r.problem = 'ran no test'
  } else if (code !== 0 && r.failed === 0) {
    r.failed = 1
    r.problem = `exited with code ${code} although no test failed`
  }
  return r
}

async function vitest() {
  const file = join(reports, 'vitest.json')
  const env = { ...process.env }
  // The embedded database unless TEST_DATABASE_URL says otherwise (see the header).
  delete env.DATABASE_URL
  const projects = apiOnly ? ['--project', 'api'] : []
  const label = apiOnly ? 'vitest (api)' : 'vitest (unit, api)'
  const where = env.TEST_DATABASE_URL ? 'PostgreSQL at TEST_DATABASE_URL' : 'embedded PGlite'
  console.log(`\n[test] ${label} on ${where}\n`)
  const started = Date.now()
  const code = await run(
    process.execPath,
    [
      join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      ...projects,
      ...files,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ],
    env,
  )
  const json = readJson(file)
  let counts = null
  if (json) {
    // A file that fails to load has no failed test of its own: count it as one failure.
    const brokenFiles = (json.testResults ?? []).filter(
      (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((t) => t.status === 'failed'),
    ).length
    counts = {
      passed: json.numPassedTests ?? 0,
      failed: (json.numFailedTests ?? 0) + brokenFiles,
      skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
    }
  }
  return result(label, code, counts, started, vitestFailures(json))
}

async function playwright() {
  const file = join(reports, 'playwright.json')
  const env = { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: file, PLAYWRIGHT_JSON_OUTPUT_FILE: file }
  delete env.DATABASE_URL
  if (env.E2E_DATABASE_URL) env.DATABASE_URL = env.E2E_DATABASE_URL
  const where = env.DATABASE_URL ? 'PostgreSQL at E2E_DATABASE_URL' : 'the embedded database'
  const which = e2eFiles.length ? `${e2eFiles.length} spec files of ${listArg.slice(11)}` : 'tests/e2e'
  console.log(`\n[test] playwright (${which}), the app on ${where}\n`)
  const started = Date.now()
  const code = await run(
    process.execPath,
    [join(root, 'node_modules/@playwright/test/cli.js'), 'test', '--reporter=list,json', ...e2eFiles],
    env,
  )
  const json = readJson(file)
  let counts = null
  if (json?.stats) {
    const s = json.stats
    // flaky: failed first, passed on retry. Errors outside tests (webServer, global set-up) are
    // caught by the exit code in result().
    counts = {
      passed: (s.expected ?? 0) + (s.flaky ?? 0),
      failed: s.unexpected ?? 0,
      skipped: s.skipped ?? 0,
    }
  }
  const r = result('playwright (e2e)', code, counts, started, playwrightFailures(json, 'unexpected'))
  r.flaky = playwrightFailures(json, 'flaky')
  return r
}

// The failed tests' names, so that the closing summary (what CI's log keeps) says which failed.
function vitestFailures(json) {
  const out = []
  for (const f of json?.testResults ?? []) {
    const file = f.name ? f.name.replace(`${root}/`, '') : '?'
    const failed = (f.assertionResults ?? []).filter((t) => t.status === 'failed')
    if (f.status === 'failed' && failed.length === 0) out.push(`${file}: the file failed to run`)
    for (const t of failed) out.push(`${file}: ${t.fullName ?? t.title}`)
  }
  return out
}

/** The tests of a Playwright report with this outcome ('unexpected': failed; 'flaky': passed on retry). */
function playwrightFailures(json, status) {
  const out = []
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === status) out.push(`${spec.file}: ${[...titles, spec.title].join(' › ')}`)
      }
    }
    for (const s of suite.suites ?? []) walk(s, s.file === s.title ? titles : [...titles, s.title])
  }
  for (const s of json?.suites ?? []) walk(s, [])
  return out
}

const results = []
try {
  if (runVitest) results.push(await vitest())
  if (runE2e && !interrupted) results.push(await playwright())
  else if (!hasPlaywright && !apiOnly && !args.includes('--no-e2e')) {
    console.log('\n[test] playwright: skipped, there is no playwright.config.ts yet')
  }
} finally {
  rmSync(reports, { recursive: true, force: true })
}

if (results.length === 0) {
  // --e2e-only without a Playwright set-up: nothing ran, which is a failure.
  results.push(result('playwright (e2e)', 1, { passed: 0, failed: 0, skipped: 0 }, Date.now()))
}

const total = { passed: 0, failed: 0, skipped: 0 }
console.log('\n[test] results')
for (const r of results) {
  for (const k of Object.keys(total)) total[k] += r[k]
  const note = r.problem ? `  <- ${r.problem}` : ''
  console.log(
    `  ${r.name}: ${r.passed} passed / ${r.failed} failed / ${r.skipped} skipped, ${r.seconds} s${note}`,
  )
  for (const f of r.failures) console.log(`    failed: ${f}`)
  for (const f of r.flaky ?? []) console.log(`    flaky (failed, then passed on its retry): ${f}`)
}
if (process.env.TEST_SUMMARY_FILE) {
  writeFileSync(process.env.TEST_SUMMARY_FILE, JSON.stringify({ ...total, runners: results }, null, 2))
}
if (interrupted) console.log(`  stopped by ${interrupted}`)
const ok = !interrupted && results.every((r) => r.code === 0 && !r.problem) && total.failed === 0
console.log(
  `Tests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
)
process.exit(ok ? 0 : 1)
