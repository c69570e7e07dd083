import type { QueryField } from '@domain/rql'
import { FILTER_OPTIONS_MAX, type FilterOption } from '@domain/widgets/kinds/table'
import { teamChoices } from '../../repositories/teams-repository'
import { fullName, nodeUserChoices } from '../../repositories/users-repository'
import type { DataContext } from './types'

/*
 * The choices of a table's option-kind filters (spec §5 table filters: a select matches by option
 * value), so the filter modal offers a list rather than a box to guess at. Each value is what the
 * filter parameter takes and the query language matches: a select's own option value; for
 * data-backed selects (status, process, assignee, author, `source: …`) the id, which is all
 * `status = …` accepts. Statuses and processes come from the node's cached configuration; users
 * and teams from one statement each, and only when a filter needs them.
 */

type Source = 'statuses' | 'processes' | 'users' | 'teams'
const SOURCES = new Set<string>(['statuses', 'processes', 'users', 'teams'])

const byTitle = (a: FilterOption, b: FilterOption) =>
  a.title.localeCompare(b.title, undefined, { sensitivity: 'base' }) || a.value.localeCompare(b.value)

function sourceOf(f: QueryField): Source | undefined {
  const source = f.definition.settings.source
  return typeof source === 'string' && SOURCES.has(source) ? (source as Source) : undefined
}

async function sourceOptions(ctx: DataContext, source: Source): Promise<FilterOption[]> {
  const config = ctx.who.config
  switch (source) {
    case 'statuses':
      return [...config.statuses.values()]
        .map((s) => ({ value: s.id, title: s.name }))
        .sort(byTitle)
        .slice(0, FILTER_OPTIONS_MAX)
    case 'processes': {
      // Only the processes the viewer sees: another one's tasks would never match anyway.
      const seen = ctx.scope === 'all' ? undefined : new Set(ctx.scope)
      return [...config.flows.values()]
        .filter((f) => !seen || seen.has(f.process.id))
        .map((f) => ({ value: f.process.id, title: f.process.name }))
        .sort(byTitle)
        .slice(0, FILTER_OPTIONS_MAX)
    }
    case 'users':
      return (await nodeUserChoices(ctx.db, ctx.nodeId, FILTER_OPTIONS_MAX)).map((u) => ({
        value: u.id,
        title: fullName(u),
      }))
    case 'teams':
      return (await teamChoices(ctx.db, ctx.nodeId, FILTER_OPTIONS_MAX)).map((t) => ({
        value: t.id,
        title: t.name,
      }))
  }
}

/**
 * The options of each option-kind filter by field name; a field with neither its own options nor
 * a known source is absent (the modal keeps a text box for it).
 */
export async function filterOptions(
  ctx: DataContext,
  fields: readonly QueryField[],
): Promise<Map<string, FilterOption[]>> {
  const options = fields.filter((f) => f.filter.kind === 'option')
  const sources = [...new Set(options.flatMap((f) => sourceOf(f) ?? []))]
  const loaded = new Map(
    await Promise.all(sources.map(async (s) => [s, await sourceOptions(ctx, s)] as const)),
  )
  const out = new Map<string, FilterOption[]>()
  for (const f of options) {
    const source = sourceOf(f)
    if (source) {
      out.set(f.name, loaded.get(source)!)
      continue
    }
    if (f.definition.settings.source) continue
    const own = f.definition.settings.options ?? []
    if (own.length)
      out.set(
        f.name,
        own.slice(0, FILTER_OPTIONS_MAX).map((o) => ({ value: String(o.value), title: String(o.title) })),
      )
  }
  return out
}
