#!/usr/bin/env node
// Reads a Chrome trace written by `node bench/map.mjs --trace=DIR` and prints where the time went
// in the map's start (performance marks map-start → map-interactive) and in the pan (pan-start →
// pan-end): per thread of every process (the page's main thread, maplibre's and the cluster
// worker's threads, the GPU process where SwiftShader draws), the main thread's task kinds, and
// the main thread's JavaScript by function (self time from the V8 sampling profiler).
//   node bench/map-trace.mjs /tmp/map-trace/map-<sha>-1280x800.json [top=25]
import { readFileSync } from 'node:fs'

const file = process.argv[2]
const top = Number(process.argv[3] ?? 25)
const raw = JSON.parse(readFileSync(file, 'utf8'))
const events = Array.isArray(raw) ? raw : raw.traceEvents
const threadName = new Map()
const processName = new Map()
for (const e of events) {
  if (e.ph !== 'M') continue
  if (e.name === 'thread_name') threadName.set(`${e.pid}:${e.tid}`, e.args.name)
  if (e.name === 'process_name') processName.set(e.pid, e.args.name)
}
const marks = {}
for (const e of events) if (e.cat?.includes('blink.user_timing') && !marks[e.name]) marks[e.name] = e
const page = marks['map-start']
if (!page) throw new Error('no map-start mark in the trace')
const mainKey = `${page.pid}:${page.tid}`
const windows = {
  start: [marks['map-start'].ts, marks['map-interactive'].ts],
  pan: [marks['pan-start'].ts, marks['pan-end'].ts],
}
const ms = (us) => Math.round(us / 100) / 10
const label = (key) => {
  const [pid] = key.split(':')
  const p = processName.get(Number(pid)) ?? pid
  const t = threadName.get(key) ?? key
  return `${p === 'Renderer' && Number(pid) === page.pid ? 'page' : p} / ${t}`
}

for (const [name, [from, to]] of Object.entries(windows)) {
  console.log(`\n## ${name}: ${ms(to - from)} ms wall`)
  // Busy time per thread: its top-level tasks, clipped to the window.
  const busy = new Map()
  const kinds = new Map()
  const reach = new Map() // per thread: where its counted busy time ends (nested tasks counted once)
  for (const e of events) {
    if (e.ph !== 'X' || !e.dur) continue
    const a = Math.max(from, e.ts)
    const b = Math.min(to, e.ts + e.dur)
    if (b <= a) continue
    const key = `${e.pid}:${e.tid}`
    if (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask') {
      const from2 = Math.max(a, reach.get(key) ?? 0)
      if (b > from2) {
        busy.set(key, (busy.get(key) ?? 0) + (b - from2))
        reach.set(key, b)
      }
    }
    if (key === mainKey && e.cat.includes('devtools.timeline'))
      kinds.set(e.name, (kinds.get(e.name) ?? 0) + (b - a))
  }
  console.log('busy per thread (top-level tasks):')
  for (const [k, v] of [...busy].sort((x, y) => y[1] - x[1]).slice(0, 12))
    console.log(`  ${String(ms(v)).padStart(8)} ms  ${label(k)}`)
  console.log('main thread, timeline events (inclusive, nested ones overlap):')
  for (const [k, v] of [...kinds].sort((x, y) => y[1] - x[1]).slice(0, 14))
    console.log(`  ${String(ms(v)).padStart(8)} ms  ${k}`)

  // The main thread's JS by function: V8's samples, self time.
  const nodes = new Map()
  const self = new Map()
  const incl = new Map()
  const parent = new Map()
  const mainProfile = events.find((e) => e.name === 'Profile' && `${e.pid}:${e.tid}` === mainKey)
  const ofMain = (e) => e.name === 'ProfileChunk' && e.pid === page.pid && e.id === mainProfile?.id
  for (const e of events) {
    if (!ofMain(e)) continue
    const p = e.args.data.cpuProfile ?? {}
    for (const n of p.nodes ?? []) {
      nodes.set(n.id, n.callFrame)
      if (n.parent) parent.set(n.id, n.parent)
    }
  }
  let t = mainProfile?.args.data.startTime ?? 0
  for (const e of events) {
    if (!ofMain(e)) continue
    const p = e.args.data.cpuProfile ?? {}
    const deltas = e.args.data.timeDeltas ?? []
    ;(p.samples ?? []).forEach((id, i) => {
      t += deltas[i] ?? 0
      if (t < from || t > to) return
      const next = deltas[i + 1] ?? 100
      const f = nodes.get(id)
      const k = `${f?.functionName || '(anonymous)'} ${f?.url?.split('/').pop() ?? ''}:${f?.lineNumber ?? ''}`
      self.set(k, (self.get(k) ?? 0) + next)
      const seen = new Set()
      for (let n = id; n; n = parent.get(n)) {
        const c = nodes.get(n)
        const name = c?.functionName || '(anonymous)'
        if (seen.has(name)) continue
        seen.add(name)
        incl.set(name, (incl.get(name) ?? 0) + next)
      }
    })
  }
  console.log('main thread JS, self time by function:')
  for (const [k, v] of [...self].sort((x, y) => y[1] - x[1]).slice(0, top))
    console.log(`  ${String(ms(v)).padStart(8)} ms  ${k}`)
  console.log('main thread JS, inclusive time by function name:')
  for (const [k, v] of [...incl].sort((x, y) => y[1] - x[1]).slice(0, top))
    console.log(`  ${String(ms(v)).padStart(8)} ms  ${k}`)
}
