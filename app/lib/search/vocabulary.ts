import type { Vocabulary, VocabularyValue } from '@domain/rql'

/*
 * The values the query box offers as it is typed (domain/rql completeAt), from the node's
 * configuration the page already loads: statuses and processes by name, people by e-mail with their
 * name shown (PRODUCT.md §10: a status, process or person is written as users know it). A select's
 * own options come from its definition, in the browser.
 */

interface Sources {
  statuses: readonly { name: string }[]
  processes: readonly { key: string; name: string }[]
  users: readonly { user_name: string; full_name: string; contacts: { email: string } }[]
}

const unique = (values: VocabularyValue[]) => {
  const seen = new Set<string>()
  return values.filter((v) => !seen.has(v.value.toLowerCase()) && seen.add(v.value.toLowerCase()))
}

export function vocabularyOf({ statuses, processes, users }: Sources): Vocabulary {
  const statusNames = unique(statuses.map((s) => ({ value: s.name })))
  const people = unique(
    users.map((u) => {
      const email = u.contacts.email || u.user_name
      return { value: email, label: u.full_name || email, detail: email }
    }),
  )
  return {
    status: statusNames,
    'status.name': statusNames,
    assignee: people,
    author: people,
    'assignee.contacts.email': people,
    'author.contacts.email': people,
    process: unique(processes.map((p) => ({ value: p.name, detail: p.key }))),
    'process.key': unique(processes.map((p) => ({ value: p.key, detail: p.name }))),
    'process.name': unique(processes.map((p) => ({ value: p.name, detail: p.key }))),
  }
}
