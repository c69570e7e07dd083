#!/usr/bin/env node
// Completes package-lock.json with the other platforms' builds of packages that ship their binary
// as optional per-platform dependencies (biome, rollup, …).
//
// Why: the npm registry reached from this workplace serves only the Linux builds of some of them,
// so `npm install` here writes a lock without the others, and `npm ci` — here, in the Docker
// build, on a Mac — then refuses the lock ("Missing: @biomejs/cli-darwin-x64@ from lock file").
// The entries added carry name, version, os and cpu (no integrity: npm fetches a build only on
// its own platform). Run it after every `npm install` that touched the lock; `--check` only
// reports (exit 1 when entries are missing). No network.
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(fileURLToPath(import.meta.url), '../..')
const file = join(root, 'package-lock.json')
const check = process.argv.includes('--check')
const lock = JSON.parse(readFileSync(file, 'utf8'))
const pkgs = lock.packages

const OS = 'aix|android|darwin|freebsd|linux|netbsd|openbsd|openharmony|sunos|win32'
const CPU = 'arm64|x64|arm|ia32|loong64|mips64el|ppc64|riscv64|s390x'
const PLATFORM = new RegExp(`(?:^|[-/])(${OS})-(${CPU})(?:-(gnueabihf|musleabihf|gnu|musl|msvc|eabi))?$`)

const added = []
const unknown = []
for (const [path, meta] of Object.entries(pkgs)) {
  for (const [dep, spec] of Object.entries(meta.optionalDependencies ?? {})) {
    // Where Node would look, deepest first: path/node_modules/dep, then each ancestor's.
    const slots = []
    for (let dir = path; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/node_modules/')))) {
      slots.push(dir ? `${dir}/node_modules/${dep}` : `node_modules/${dep}`)
      if (!dir) break
    }
    const found = slots.findIndex((slot) => pkgs[slot])
    const exact = /^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)
    if (found !== -1 && (pkgs[slots[found]].version === spec || !exact)) continue
    const m = dep.match(PLATFORM)
    if (!m || !exact) {
      unknown.push(`${dep}@${spec} (of ${path || 'the root'})`)
      continue
    }
    const [, os, cpu, abi] = m
    const entry = { version: spec, cpu: [cpu] }
    if (meta.dev) entry.dev = true
    if (abi === 'musl' || abi === 'musleabihf') entry.libc = ['musl']
    if (abi === 'gnu' || abi === 'gnueabihf') entry.libc = ['glibc']
    entry.optional = true
    entry.os = [os]
    // As npm hoists: as high as it goes, below any other version that would shadow it.
    const at = found === -1 ? slots[slots.length - 1] : slots[found - 1]
    if (!at) {
      unknown.push(`${dep}@${spec} (of ${path}): another version sits where it belongs`)
      continue
    }
    pkgs[at] = entry
    added.push(`${at.replace(/^node_modules\//, '')}@${spec}`)
  }
}

if (unknown.length) console.log(`not a recognised platform build, left alone:\n  ${unknown.join('\n  ')}`)
if (!added.length) {
  console.log('package-lock.json lists every platform build')
  process.exit(0)
}
console.log(`${check ? 'missing' : 'added'} ${added.length}:\n  ${added.join('\n  ')}`)
if (check) process.exit(1)
// npm's own order, so that the next npm install leaves the file as it is.
const sorted = Object.keys(pkgs).sort((a, b) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en')))
lock.packages = Object.fromEntries(sorted.map((k) => [k, pkgs[k]]))
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`)
