// The clients of bench/live-streams.ts, in a process of their own (so that the upstream's memory
// and CPU are its own): opens N server-sent events streams, says when every one is ready, and
// for each `expect` message, when every stream has had a `widget` frame since.
//   node bench/live-clients.mjs URL TOKEN N
const [url, token, n] = [process.argv[2], process.argv[3], Number(process.argv[4])]
const seen = new Array(n).fill(0)
let waiting
const check = () => {
  if (!waiting) return
  const done = seen.filter((c) => c >= waiting.count).length
  if (done === n) {
    process.send({ kind: 'got', at: Date.now(), seq: waiting.seq })
    waiting = undefined
  }
}
async function open(i) {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
  if (res.status !== 200) throw new Error(`stream ${i}: ${res.status}`)
  const decoder = new TextDecoder()
  let buffer = ''
  let ready = false
  return new Promise((resolve) => {
    void (async () => {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk, { stream: true })
        let end = buffer.indexOf('\n\n')
        while (end >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          if (block.includes('event: ready') && !ready) {
            ready = true
            resolve()
          }
          if (block.includes('event: widget')) {
            seen[i] += 1
            check()
          }
          end = buffer.indexOf('\n\n')
        }
      }
    })()
  })
}
// Opened a few at a time: the upstream checks each one's rights as it opens.
for (let i = 0; i < n; i += 20)
  await Promise.all(Array.from({ length: Math.min(20, n - i) }, (_, k) => open(i + k)))
process.send({ kind: 'open' })
process.on('message', (m) => {
  if (m.kind === 'expect') {
    waiting = { count: m.count, seq: m.seq }
    check()
  }
  if (m.kind === 'exit') process.exit(0)
})
