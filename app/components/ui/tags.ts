/**
 * A list typed as text: separated by commas (or new lines), each trimmed, empty ones and repeats
 * dropped, order kept. What a tag field posts without JavaScript, and what its chips hold with it.
 */
export function splitTags(text: unknown): string[] {
  if (typeof text !== 'string') return []
  const seen = new Set<string>()
  for (const part of text.split(/[,\n]/)) {
    const tag = part.trim()
    if (tag) seen.add(tag)
  }
  return [...seen]
}

/** The text form of a list, as the field shows it without JavaScript. */
export function joinTags(tags: readonly string[]): string {
  return tags.join(', ')
}
