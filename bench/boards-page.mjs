// Issue 11, the board page (bench/boards.mjs runs these after it has filled the node and made the
// 4-widget board the node's default, so the caller's home board):
// - benchPage: GET /lk through the web app, one request at a time, timed to the LAST byte of the
//   HTML (the whole body read: /lk streams one widget at a time), with and without the `js` cookie
//   (entry.server.tsx: with it, the shell first and each widget as it comes; without, the whole
//   page at once); beside it the parts of its loader on the upstream, timed the same way, and the
//   JavaScript the page names, gzipped, as tests/e2e/bundle.spec.ts counts it.
// - benchBrowser: headless Chromium (/usr/bin/chromium, never `npx playwright install`), a new
//   context per load (no cache, no cookie but the session's), from navigation start to the board
//   interactive: every widget's data in the visible page AND hydrated (the widgets' ⋯ buttons are
//   disabled until BoardView's effect ran). The median of `loads` loads, after 2 not recorded.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { root } from './lib.mjs'

export const pct = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
const round = (n) => Math.round(n * 10) / 10
export const stats = (times) => {
  const s = [...times].sort((a, b) => a - b)
  return {
    n: s.length,
    p50: round(pct(s, 0.5)),
    p90: round(pct(s, 0.9)),
    p99: round(pct(s, 0.99)),
    min: round(s[0]),
  }
}

/**
 * `n` requests one after the other: time to the response's headers and to its last byte. `url` and
 * `init` may be functions of the request's index (a different key or body each time); `status` is
 * the one expected.
 */
export async function timed(url, init, n, check, status = 200) {
  const head = []
  const whole = []
  for (let i = 0; i < n; i++) {
    const at = typeof url === 'function' ? url(i) : url
    const t0 = performance.now()
    const res = await fetch(at, { redirect: 'manual', ...(typeof init === 'function' ? init(i) : init) })
    head.push(performance.now() - t0)
    const body = await res.text()
    whole.push(performance.now() - t0)
    if (res.status !== status) throw new Error(`${at} answered ${res.status}`)
    if (i === 0) check?.(body, res)
  }
  return { headers: stats(head), whole: stats(whole) }
}

/** Every script the page names (module preloads and script src), gzipped: bundle.spec.ts's count. */
async function namedJs(web, html) {
  const urls = new Set()
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(m[1])
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(m[1])
  return gzippedKB(web, urls)
}

async function gzippedKB(web, urls) {
  let raw = 0
  let gzip = 0
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, web))).arrayBuffer())
    raw += body.length
    gzip += gzipSync(body).length
  }
  return { files: urls.size, rawKB: round(raw / 1024), gzipKB: round(gzip / 1024) }
}

/** The 4 widgets' data is in the HTML: 2 tables with rows, 2 calendars, no widget failed. */
function checkBoardHtml(html) {
  const count = (s) => html.split(s).length - 1
  if (count('data-testid="board-widget"') !== 4) throw new Error('/lk: not 4 widgets')
  if (count('data-testid="table-widget"') !== 2 || count('data-testid="calendar-widget"') !== 2)
    throw new Error('/lk: the widgets data is not in the HTML')
  if (count('data-testid="table-row"') < 2 || html.includes('data-testid="widget-error"'))
    throw new Error('/lk: a widget failed or has no rows')
}

/** The page of a board's half answered its widgets (no error, no redirect to page-not-found). */
function checkNoError(html) {
  if (html.includes('data-testid="widget-error"')) throw new Error('a widget failed')
}

export async function benchPage({ stack, token, nodeId, boardId, halves, requests, load }) {
  const out = { requests, rows: [] }
  const api = { authorization: `Bearer ${token}` }
  const cases = [
    ['GET /lk (web), js cookie: streamed', `${stack.web}/lk`, { cookie: `_token=${token}; js=1` }],
    ['GET /lk (web), no js cookie: whole page at once', `${stack.web}/lk`, { cookie: `_token=${token}` }],
    ...Object.entries(halves).map(([half, id]) => [
      `GET /lk/b/{board} (web), no js cookie: the board's 2 ${half} alone`,
      `${stack.web}/lk/b/${id}`,
      { cookie: `_token=${token}` },
    ]),
    [
      'GET /lk/profile (web): a signed-in page, no board',
      `${stack.web}/lk/profile`,
      { cookie: `_token=${token}` },
    ],
    ['GET /api/boards/{nodeId}/home (upstream)', `${stack.api}/api/boards/${nodeId}/home`, api],
    [
      'GET /api/boards/{nodeId}/{boardId}/data NDJSON (upstream)',
      `${stack.api}/api/boards/${nodeId}/${boardId}/data`,
      { ...api, accept: 'application/x-ndjson' },
    ],
  ]
  // Warm-up (the route modules, the pools, the node-look cache), not recorded.
  for (const [, url, headers] of cases) await timed(url, { headers }, 20)
  for (const [label, url, headers] of cases) {
    const before = load()
    const r = await timed(url, { headers }, requests, url.endsWith('/lk') ? checkBoardHtml : checkNoError)
    const row = { case: label, ...r, load_before: before, load_after: load() }
    out.rows.push(row)
    console.log(JSON.stringify(row))
  }
  const html = await (await fetch(`${stack.web}/lk`, { headers: { cookie: `_token=${token}` } })).text()
  out.htmlKB = round(Buffer.byteLength(html) / 1024)
  mkdirSync(join(root, 'bench/out'), { recursive: true })
  writeFileSync(join(root, 'bench/out/lk-board.html'), html)
  out.js = { ...(await namedJs(stack.web, html)), load: load() }
  console.log(JSON.stringify({ lkHtmlKB: out.htmlKB, lkJs: out.js }))
  return out
}

/** Set before the page's scripts: when the board's data is visible, when it is hydrated. */
function boardMarks() {
  const marks = {}
  window.__board = marks
  const visible = (el) => !el.closest('[hidden]')
  const check = () => {
    const now = performance.now()
    const frames = [...document.querySelectorAll('[data-testid=board-widget]')].filter(visible)
    if (frames.length < 4) return
    if (
      !marks.data &&
      !document.querySelector('.board-widget-loading') &&
      frames.every((f) => f.querySelector('[data-testid=table-widget],[data-testid=calendar-widget]'))
    )
      marks.data = now
    const menus = [...document.querySelectorAll('[data-testid=widget-menu]')].filter(visible)
    if (!marks.hydrated && menus.length >= 4 && menus.every((m) => !m.disabled)) marks.hydrated = now
    if (marks.data && marks.hydrated && !marks.interactive) {
      marks.interactive = Math.max(marks.data, marks.hydrated)
      marks.errors = document.querySelectorAll('[data-testid=widget-error]').length
      observer.disconnect()
    }
  }
  const observer = new MutationObserver(check)
  observer.observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['disabled'],
  })
}

/**
 * `width` (CSS px, 1440 by default; the height a phone's 812 below 768) and `throttle` (Chromium's
 * CPU slow-down factor over CDP, Emulation.setCPUThrottlingRate; 1 = none): issue 25's figure is
 * /lk at 375 px on a 4× throttled CPU.
 */
export async function benchBrowser({ stack, token, loads, load, width = 1440, throttle = 1 }) {
  const { chromium } = await import('@playwright/test')
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-sync',
    ],
  })
  const out = { loads, width, throttle, rows: [] }
  try {
    for (const [label, js] of [
      ['first visit (no js cookie: the whole HTML at once)', false],
      ['returning browser (js cookie: streamed)', true],
    ]) {
      const times = {
        responseEnd: [],
        scriptsEnd: [],
        domContentLoaded: [],
        data: [],
        hydrated: [],
        interactive: [],
        script: [],
        styleAndLayout: [],
        mainThread: [],
      }
      let scripts
      const before = load()
      for (let i = 0; i < loads + 2; i++) {
        const context = await browser.newContext({
          viewport: { width, height: width < 768 ? 812 : 900 },
          ...(width < 768 ? { isMobile: true, hasTouch: true } : {}),
        })
        const cookies = [{ name: '_token', value: token, url: stack.web }]
        if (js) cookies.push({ name: 'js', value: '1', url: stack.web })
        await context.addCookies(cookies)
        const page = await context.newPage()
        // Chromium's own counters: the main thread's time in scripts, style and layout until interactive.
        const cdp = await context.newCDPSession(page)
        await cdp.send('Performance.enable')
        if (throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle })
        await page.addInitScript(boardMarks)
        await page.goto(`${stack.web}/lk`, { waitUntil: 'commit' })
        await page.waitForFunction(() => window.__board?.interactive, null, { timeout: 30_000, polling: 50 })
        const m = await page.evaluate(() => {
          const nav = performance.getEntriesByType('navigation')[0]
          return {
            ...window.__board,
            responseEnd: nav.responseEnd,
            // The last script's last byte: what is left after it is parsing, running and hydrating.
            scriptsEnd: Math.max(
              ...performance
                .getEntriesByType('resource')
                .filter((r) => r.name.endsWith('.js'))
                .map((r) => r.responseEnd),
            ),
            domContentLoaded: nav.domContentLoadedEventEnd,
            scripts: performance
              .getEntriesByType('resource')
              .filter(
                (r) => r.initiatorType === 'script' || r.initiatorType === 'link' || r.name.endsWith('.js'),
              )
              .map((r) => r.name)
              .filter((n) => n.endsWith('.js')),
          }
        })
        const metrics = Object.fromEntries(
          (await cdp.send('Performance.getMetrics')).metrics.map((x) => [x.name, x.value * 1000]),
        )
        m.script = metrics.ScriptDuration
        m.styleAndLayout = metrics.RecalcStyleDuration + metrics.LayoutDuration
        m.mainThread = metrics.TaskDuration
        await context.close()
        if (m.errors) throw new Error(`browser: ${m.errors} widgets failed`)
        if (i < 2) continue
        for (const k of Object.keys(times)) times[k].push(m[k])
        scripts = m.scripts
      }
      const row = {
        case: label,
        ...Object.fromEntries(Object.entries(times).map(([k, v]) => [k, stats(v)])),
        load_before: before,
        load_after: load(),
      }
      // What the browser actually fetched (every .js, lazy ones included), gzipped here.
      row.scripts = await gzippedKB(stack.web, new Set(scripts))
      out.rows.push(row)
      console.log(JSON.stringify(row))
    }
  } finally {
    await browser.close()
  }
  return out
}
