import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { StatusDot } from '~/components/admin-workflow/status-dot'
import type { SearchColumn, SearchRow } from '~/lib/search/types'
import type { QuerySort } from '~/lib/search/url'

/** The columns every search shows, from the task itself; each is a key `order by` takes. */
export const FIXED_COLUMNS = ['key', 'title', 'status', 'assignee'] as const

/**
 * A leading column added by a page built on the results (bulk edit's check boxes): its header cell
 * and, for each row, its cell's content. The results stay a plain table either way.
 */
export interface LeadColumn {
  header: ReactNode
  cell: (row: SearchRow) => ReactNode
}

interface ResultsTableProps {
  rows: SearchRow[]
  columns: SearchColumn[]
  caption: string
  /** The results' first sort key, to mark its header (aria-sort and an arrow). */
  sort: QuerySort | null
  /** The address that sorts by a key (the query's `order by` rewritten); null: no sorting now. */
  sortHref: (key: string) => string | null
  empty: ReactNode
  lead?: LeadColumn
}

/** One result: the key linking to the card, title, status with its dot, assignee, the chosen columns. */
export function ResultRow({
  row,
  columns,
  lead,
}: {
  row: SearchRow
  columns: SearchColumn[]
  lead?: LeadColumn
}) {
  return (
    <tr data-testid="search-row" data-key={row.key}>
      {lead ? <td className="search-lead">{lead.cell(row)}</td> : null}
      <th scope="row" className="search-key">
        <Link to={row.href} data-testid="search-key">
          {row.key}
        </Link>
      </th>
      <td className="search-title">{row.title}</td>
      <td className="search-status">
        {row.status ? (
          <span className="status-name">
            <StatusDot color={row.status.color} />
            {row.status.name}
          </span>
        ) : null}
      </td>
      <td className="search-assignee">{row.assignee}</td>
      {columns.map((c) => (
        <td key={c.name} data-field={c.name}>
          {row.values[c.name]}
        </td>
      ))}
    </tr>
  )
}

function SortHeader({
  name,
  label,
  sort,
  href,
}: {
  name: string
  label: string
  sort: QuerySort | null
  href: string | null
}) {
  const { t } = useTranslation()
  const current = sort?.key === name.toLowerCase() ? sort.direction : null
  return (
    <th
      scope="col"
      aria-sort={current === 'asc' ? 'ascending' : current === 'desc' ? 'descending' : undefined}
      data-field={name}
    >
      {href ? (
        <Link
          to={href}
          className="search-sort"
          data-testid={`sort-${name}`}
          title={t(current === 'asc' ? 'search.sort.desc' : 'search.sort.asc', { field: label })}
        >
          {label}
          <span className="search-sort-arrow" aria-hidden="true">
            {current === 'asc' ? '↑' : current === 'desc' ? '↓' : '↕'}
          </span>
        </Link>
      ) : (
        label
      )}
    </th>
  )
}

/**
 * The search results (PRODUCT.md §10): a plain table that scrolls sideways inside its box on a
 * narrow screen; each header a link that sorts by it (the query's `order by` rewritten, so it works
 * without JavaScript and lands in the history).
 */
export function ResultsTable({ rows, columns, caption, sort, sortHref, empty, lead }: ResultsTableProps) {
  const { t } = useTranslation()
  const fixed = FIXED_COLUMNS.map((name) => ({ name, label: t(`search.column.${name}`), sortable: true }))
  const headers = [...fixed, ...columns.map((c) => ({ name: c.name, label: c.title, sortable: c.sortable }))]
  return (
    <div className="table-wrap search-results" data-testid="search-results">
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {lead ? (
              <th scope="col" className="search-lead">
                {lead.header}
              </th>
            ) : null}
            {headers.map((h) => (
              <SortHeader
                key={h.name}
                name={h.name}
                label={h.label}
                sort={sort}
                href={h.sortable ? sortHref(h.name) : null}
              />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td
                colSpan={headers.length + (lead ? 1 : 0)}
                className="table-empty"
                data-testid="search-empty"
              >
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => <ResultRow key={row.id} row={row} columns={columns} lead={lead} />)
          )}
        </tbody>
      </table>
    </div>
  )
}
