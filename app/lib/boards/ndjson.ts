/*
 * Newline-delimited JSON read as it arrives: bytes in, whole lines out. A chunk may end in the
 * middle of a line, or in the middle of a character (UTF-8 is up to four bytes): the decoder keeps
 * the partial character and the splitter the partial line until the rest comes.
 */

export class NdjsonLines {
  private readonly decoder = new TextDecoder('utf-8')
  private rest = ''

  /** The lines this chunk completes (empty lines skipped). */
  push(chunk: Uint8Array | string): string[] {
    this.rest += typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true })
    const parts = this.rest.split('\n')
    this.rest = parts.pop() ?? ''
    return parts.map((l) => l.replace(/\r$/, '')).filter((l) => l.trim() !== '')
  }

  /** The last line, when the stream ended without a newline after it. */
  end(): string[] {
    this.rest += this.decoder.decode()
    const last = this.rest.replace(/\r$/, '')
    this.rest = ''
    return last.trim() ? [last] : []
  }
}

/** Every line of a byte stream as it completes. */
export async function* ndjsonLines(body: AsyncIterable<Uint8Array | string>): AsyncGenerator<string> {
  const lines = new NdjsonLines()
  for await (const chunk of body) yield* lines.push(chunk)
  yield* lines.end()
}
