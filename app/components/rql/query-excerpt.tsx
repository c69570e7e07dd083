import type { ShownRqlError } from './errors'

/** How much of the query shows on each side of the error: enough to recognise the place. */
const CONTEXT = 40

/**
 * The query's text with the part an error is about marked: how the error's place shows without
 * JavaScript (the coloured copy over the textarea needs it), and after a reload of the page.
 * A long query is cut to the neighbourhood of the error; an error past the end (a value missing)
 * marks the empty place after the text.
 */
export function QueryExcerpt({ text, error }: { text: string; error: ShownRqlError }) {
  if (error.position === undefined) return null
  const start = Math.min(Math.max(0, error.position), text.length)
  const end = Math.min(Math.max(start, error.end ?? start + 1), text.length)
  const from = Math.max(0, start - CONTEXT)
  const to = Math.min(text.length, end + CONTEXT)
  const bad = text.slice(start, end)
  return (
    <p className="query-excerpt" data-testid="query-excerpt">
      <code>
        {from > 0 ? '…' : null}
        {text.slice(from, start)}
        <mark className="query-excerpt-bad" data-testid="query-excerpt-bad">
          {bad || '\u00a0'}
        </mark>
        {text.slice(end, to)}
        {to < text.length ? '…' : null}
      </code>
    </p>
  )
}
