/*
 * A server-sent events client for tests: reads a stream as it comes and waits for a frame that
 * satisfies a test (or proves none came within a time).
 */

export interface Frame {
  id?: string
  event: string
  // biome-ignore lint/suspicious/noExplicitAny: JSON frames read by tests
  data: any
}

export interface SseClient {
  status: number
  frames: Frame[]
  /** The first frame (from the start) that passes `test`, waiting up to `ms`. */
  find(test: (f: Frame) => boolean, ms?: number): Promise<Frame>
  /** Waits `ms` and answers the frames that arrived meanwhile and pass `test`. */
  during(ms: number, test: (f: Frame) => boolean): Promise<Frame[]>
  /** The raw text read so far (heartbeats and all). */
  text(): string
  /** Resolves when the server ends the stream; rejects if it is still open after `ms`. */
  ended(ms?: number): Promise<void>
  close(): void
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const ctrl = new AbortController()
  const res = await fetch(url, { headers, signal: ctrl.signal })
  const frames: Frame[] = []
  let raw = ''
  let buffer = ''
  const listeners = new Set<() => void>()
  let finished: Promise<void> = Promise.resolve()
  if (res.ok && res.body) {
    finished = (async () => {
      const decoder = new TextDecoder()
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          const text = decoder.decode(chunk, { stream: true })
          raw += text
          buffer += text
          let end = buffer.indexOf('\n\n')
          while (end >= 0) {
            const block = buffer.slice(0, end)
            buffer = buffer.slice(end + 2)
            const f: Partial<Frame> = {}
            for (const line of block.split('\n')) {
              if (line.startsWith('id: ')) f.id = line.slice(4)
              else if (line.startsWith('event: ')) f.event = line.slice(7)
              else if (line.startsWith('data: ')) f.data = JSON.parse(line.slice(6))
            }
            if (f.event) frames.push(f as Frame)
            for (const l of listeners) l()
            end = buffer.indexOf('\n\n')
          }
        }
      } catch {
        // aborted
      }
    })()
  }
  return {
    status: res.status,
    frames,
    find(test, ms = 3000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const f = frames.find(test)
          if (!f) return false
          listeners.delete(check)
          clearTimeout(timer)
          resolve(f)
          return true
        }
        const timer = setTimeout(() => {
          listeners.delete(check)
          reject(new Error(`no such frame in ${ms} ms; got ${JSON.stringify(frames)}`))
        }, ms)
        listeners.add(check)
        check()
      })
    },
    async during(ms, test) {
      const from = frames.length
      await new Promise((r) => setTimeout(r, ms))
      return frames.slice(from).filter(test)
    },
    text: () => raw,
    ended(ms = 3000) {
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the stream is still open after ${ms} ms`)), ms)
      })
      return Promise.race([finished, late]).finally(() => clearTimeout(timer))
    },
    close: () => ctrl.abort(),
  }
}
