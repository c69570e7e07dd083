import { type MouseEvent, type ReactNode, useCallback, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { LeadColumn } from '~/components/search/results-table'
import { useHydrated } from '~/components/ui/use-hydrated'
import { routes } from '~/lib/routes'

/*
 * The selection of the search results (issue 24 item 4): a GET form around the results, a checkbox
 * per row (`key`), and two ways on to the bulk edit — the ticked rows, or "all N matching" (`all=1`:
 * the search's whole query, not a list of ids). Without JavaScript that is all there is, and all
 * that is needed. With it: Shift-click ticks a range, the header box ticks the page, and the bar
 * counts what is ticked.
 */

export const SELECTION_FORM_ID = 'bulk-selection'
const BOXES = 'input[type="checkbox"][name="key"]'

export function BulkSelectionForm({
  q,
  total,
  exact,
  children,
}: {
  q: string
  total: number
  exact: boolean
  children: ReactNode
}) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const form = useRef<HTMLFormElement>(null)
  const last = useRef<number | null>(null)
  const [ticked, setTicked] = useState(0)

  const boxes = useCallback(
    () => Array.from(form.current?.querySelectorAll<HTMLInputElement>(BOXES) ?? []),
    [],
  )
  const recount = useCallback(() => {
    const all = boxes()
    const n = all.filter((b) => b.checked).length
    setTicked(n)
    const head = form.current?.querySelector<HTMLInputElement>('input[data-select-page]')
    if (head) {
      head.checked = n > 0 && n === all.length
      head.indeterminate = n > 0 && n < all.length
    }
  }, [boxes])

  // Shift-click ticks (or unticks) every row between the last one clicked and this one.
  const onClick = (event: MouseEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement
    if (!(target instanceof HTMLInputElement)) return
    if (target.dataset.selectPage !== undefined) {
      for (const b of boxes()) b.checked = target.checked
      last.current = null
      recount()
      return
    }
    if (!target.matches(BOXES)) return
    const all = boxes()
    const at = all.indexOf(target)
    if (event.shiftKey && last.current !== null && last.current !== at) {
      const [from, to] = last.current < at ? [last.current, at] : [at, last.current]
      for (const b of all.slice(from, to + 1)) b.checked = target.checked
    }
    last.current = at
    recount()
  }

  const count = exact ? String(total) : `${total}+`
  return (
    <form
      ref={form}
      id={SELECTION_FORM_ID}
      method="get"
      action={routes.tasksEdit()}
      onClick={onClick}
      className="bulk-selection"
      data-testid="bulk-selection"
    >
      {q ? <input type="hidden" name="q" value={q} /> : null}
      <div className="bulk-bar" role="group" aria-label={t('bulk.selection.label')}>
        <button
          type="submit"
          className="button button-secondary"
          disabled={hydrated && ticked === 0}
          data-testid="bulk-edit-selected"
        >
          {hydrated ? t('bulk.selection.edit_count', { count: ticked }) : t('bulk.selection.edit')}
        </button>
        {total > 0 ? (
          <button
            type="submit"
            name="all"
            value="1"
            className="button button-ghost"
            data-testid="bulk-edit-all"
          >
            {t('bulk.selection.edit_all', { count: total, total: count })}
          </button>
        ) : null}
      </div>
      {children}
    </form>
  )
}

/** The results' leading column (ResultsTable's `lead`): a box per row, and one for the page. */
export function selectionColumn(): LeadColumn {
  return { header: <SelectPage />, cell: (row) => <SelectRow taskKey={row.key} title={row.title} /> }
}

/** The header's box: ticks every row of the page (with JavaScript; without it there is nothing to do). */
function SelectPage() {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  return hydrated ? (
    <input
      type="checkbox"
      className="bulk-box"
      data-select-page=""
      aria-label={t('bulk.selection.select_page')}
    />
  ) : (
    <span className="visually-hidden">{t('bulk.selection.select')}</span>
  )
}

/** A row's box: its task's key, posted with the selection form. */
function SelectRow({ taskKey, title }: { taskKey: string; title: string }) {
  const { t } = useTranslation()
  return (
    <input
      type="checkbox"
      className="bulk-box"
      name="key"
      value={taskKey}
      form={SELECTION_FORM_ID}
      aria-label={t('bulk.selection.select_task', { key: taskKey, title })}
    />
  )
}
