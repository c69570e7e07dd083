/** One result row as the search page's table shows it: text only, made on the server (routes/lk+/__search.server.ts). */
export interface SearchRow {
  id: string
  key: string
  title: string
  /** The task card. */
  href: string
  process: string
  status: { name: string; color: string } | null
  assignee: string
  /** The chosen columns' values as text, by field name. */
  values: Record<string, string>
}

/** A custom field shown as a column of the results. */
export interface SearchColumn {
  name: string
  title: string
  /** `order by` accepts it (a single-valued, searchable field). */
  sortable: boolean
}
