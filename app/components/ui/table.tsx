import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

export interface Column<T> {
  key: string
  header: ReactNode
  cell: (row: T) => ReactNode
  /** The cell that names the row (a `<th scope="row">`). */
  isRowHeader?: boolean
  className?: string
}

interface TableProps<T> {
  columns: Column<T>[]
  rows: T[]
  rowKey: (row: T) => string
  /** What the table is, for assistive technology. */
  caption: string
  /** Shown in place of rows when there are none; spec §8 'Nothing found.' by default. */
  empty?: ReactNode
  className?: string
}

/**
 * A plain semantic table (not react-aria's grid): rows hold ordinary links and buttons, it renders
 * identically on the server, and it scrolls sideways on narrow screens.
 */
export function Table<T>({ columns, rows, rowKey, caption, empty, className }: TableProps<T>) {
  const { t } = useTranslation()
  return (
    <div className={['table-wrap', className].filter(Boolean).join(' ')}>
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.className}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="table-empty">
                {empty ?? t('empty.table')}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c) =>
                  c.isRowHeader ? (
                    <th key={c.key} scope="row" className={c.className}>
                      {c.cell(row)}
                    </th>
                  ) : (
                    <td key={c.key} className={c.className}>
                      {c.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}
