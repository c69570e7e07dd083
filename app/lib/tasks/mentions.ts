/*
 * A comment's @mentions (PRODUCT.md §7): `@` + a user's e-mail or id, not inside a word or an
 * address — the rule the upstream keeps them by. Shown as the person's name.
 */

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}'
const EMAIL = "[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9-]+)+"
const MENTION = new RegExp(`(?<![\\w.@+-])@(${UUID}(?![\\w-])|${EMAIL})`, 'g')

export interface MentionUser {
  id: string
  full_name: string
  email?: string
}

export type CommentSegment = { text: string } | { mention: { id: string; label: string; raw: string } }

/** The comment as text and mentions, in order; an @ naming nobody known stays text. */
export function commentSegments(
  body: string,
  mentioned: readonly string[],
  users: readonly MentionUser[],
): CommentSegment[] {
  const out: CommentSegment[] = []
  const ids = new Set(mentioned.map((id) => id.toLowerCase()))
  let last = 0
  const push = (text: string) => {
    if (!text) return
    const prev = out[out.length - 1]
    if (prev && 'text' in prev) prev.text += text
    else out.push({ text })
  }
  for (const m of body.matchAll(MENTION)) {
    // An e-mail's trailing dot ends the sentence, not the address.
    const token = m[1].replace(/\.+$/, '')
    const lower = token.toLowerCase()
    const user = users.find((u) => u.id.toLowerCase() === lower || u.email?.toLowerCase() === lower)
    const start = m.index ?? 0
    push(body.slice(last, start))
    if (user && ids.has(user.id.toLowerCase())) {
      out.push({ mention: { id: user.id, label: user.full_name || token, raw: `@${token}` } })
    } else push(`@${token}`)
    last = start + 1 + token.length
  }
  push(body.slice(last))
  return out
}
