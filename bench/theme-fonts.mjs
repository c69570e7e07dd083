// Issue 25: the bytes of /lk's HTML for a node whose theme has one font face, before and after the
// fonts moved out of the page (served at /resources/theme-font/{i}?v={hash}). Against a running
// app: sets a face of --kb KB on the node `start` (random bytes behind a woff2 signature: the size,
// not the glyphs, is measured), reads /lk as the administrator, and puts the theme back.
//   node bench/theme-fonts.mjs --origin=http://127.0.0.1:3125 --password=admin-password [--kb=150]
import { randomBytes } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { loadavg, parseArgs } from './lib.mjs'

const args = parseArgs(process.argv.slice(2), {
  origin: 'http://127.0.0.1:3125',
  email: 'admin@example.com',
  password: 'admin-password',
  kb: 150,
  reads: 3,
})

async function api(method, path, token, body) {
  const res = await fetch(`${args.origin}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return (await res.json()).data
}

/** /lk's HTML as the signed-in administrator (no js cookie: the whole page in one answer). */
async function lkBytes(token) {
  const sizes = []
  for (let n = 0; n < args.reads; n++) {
    const res = await fetch(`${args.origin}/lk`, {
      headers: { cookie: `_token=${token}` },
      redirect: 'manual',
    })
    if (res.status !== 200) throw new Error(`/lk answered ${res.status}`)
    const html = Buffer.from(await res.arrayBuffer())
    sizes.push({
      raw: html.length,
      gzip: gzipSync(html).length,
      fontUrls: (html.toString().match(/theme-font\//g) ?? []).length,
    })
  }
  // The median read (a board's data may differ by a few bytes between reads).
  return sizes.sort((a, b) => a.raw - b.raw)[Math.floor(sizes.length / 2)]
}

const token = (await api('POST', '/users/token', null, { email: args.email, password: args.password }))
  .access_token
const { id } = await api('GET', '/nodes/domain/start')
const original = (await api('GET', `/nodes/${id}`, token)).settings.theme ?? null
// Random bytes: as incompressible as a real woff2 (itself Brotli-compressed), so gzip saves nothing.
const font = Buffer.concat([Buffer.from('wOF2'), randomBytes(args.kb * 1024 - 4)])

console.log(`load ${loadavg()}`)
try {
  await api('PATCH', `/nodes/${id}`, token, { settings: { theme: { css: '', fonts: [] } } })
  const without = await lkBytes(token)
  await api('PATCH', `/nodes/${id}`, token, {
    settings: {
      theme: {
        css: 'body { font-family: "Bench Sans", sans-serif }',
        fonts: [
          {
            src: `data:font/woff2;base64,${font.toString('base64')}`,
            family: 'Bench Sans',
            weight: '400',
            style: 'normal',
          },
        ],
      },
    },
  })
  const withFont = await lkBytes(token)
  const kb = (b) => `${(b / 1024).toFixed(1)} KB`
  console.log(`/lk without a font: ${kb(without.raw)} (gzip ${kb(without.gzip)})`)
  console.log(
    `/lk with one ${args.kb} KB font: ${kb(withFont.raw)} (gzip ${kb(withFont.gzip)}), font URLs in it: ${withFont.fontUrls}`,
  )
  console.log(
    `the font adds ${kb(withFont.raw - without.raw)} (gzip ${kb(withFont.gzip - without.gzip)}) to each page`,
  )
} finally {
  await api('PATCH', `/nodes/${id}`, token, { settings: { theme: original } })
}
console.log(`load ${loadavg()}`)
