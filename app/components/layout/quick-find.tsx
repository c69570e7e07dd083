import { Form, useLocation } from '@remix-run/react'
import { lazy, Suspense, startTransition, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { QUICK_FIND_MAX_LENGTH } from '~/lib/quick-find'
import { routes } from '~/lib/routes'
import { SearchIcon } from '../ui/icons'
import { QUICK_FIND_INPUT_ID as INPUT_ID } from './quick-find-input'

// The combo box (react-aria's ComboBox, ListBox, Popover) is in every page's header: loaded after
// the page rather than in its first bundle (issue 11's budget for /lk).
const QuickFindBox = lazy(() => import('./quick-find-box'))

/** Where a `/` typed into the page is text, not the shortcut: a field, a list box, an editor. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  if (!(target instanceof HTMLInputElement)) return false
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'color', 'range', 'image'].includes(
    target.type,
  )
}

/** `/` anywhere but in a field puts the caret in the quick find (PRODUCT.md §10). */
function useSlashFocus() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return
      const input = document.getElementById(INPUT_ID)
      if (isTyping(e.target) || !(input instanceof HTMLInputElement)) return
      e.preventDefault()
      input.focus()
      input.select()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])
}

/**
 * The header's quick find (PRODUCT.md §10). A GET form to /lk/find: without JavaScript, Enter sends
 * it (a task key opens its card, other text the search page). With it, the combo box of
 * quick-find-box.tsx takes over once loaded. Below 1100 px the box folds into its icon (its label)
 * and opens over the header while it has the focus.
 */
export function QuickFind() {
  const { t } = useTranslation()
  const location = useLocation()
  // In a transition: the plain field stays (with what is typed in it, and its focus) until the
  // combo box's code has come, and the two change places in one go.
  const [enhance, setEnhance] = useState(false)
  useEffect(() => startTransition(() => setEnhance(true)), [])
  const [ready, setReady] = useState(false)
  useSlashFocus()
  const label = t('quick_find.label')

  const plainField = (
    <div className="quick-find-box">
      <input
        id={INPUT_ID}
        name="q"
        type="search"
        aria-label={label}
        className="input quick-find-input"
        placeholder={t('quick_find.placeholder')}
        maxLength={QUICK_FIND_MAX_LENGTH}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
      />
      <kbd className="quick-find-kbd" aria-hidden="true" title={t('quick_find.shortcut')}>
        /
      </kbd>
    </div>
  )

  return (
    <Form
      method="get"
      action={routes.quickFind()}
      role="search"
      aria-label={label}
      className="quick-find"
      data-testid="quick-find"
      // With the combo box running: the box lists matches (what the browser tests wait for).
      data-ready={ready || undefined}
    >
      <input type="hidden" name="from" value={`${location.pathname}${location.search}`} />
      <label htmlFor={INPUT_ID} className="quick-find-toggle" title={label}>
        <SearchIcon width={16} height={16} aria-hidden="true" />
        <span className="visually-hidden">{label}</span>
      </label>
      <Suspense fallback={plainField}>
        {enhance ? <QuickFindBox onReady={() => setReady(true)} /> : plainField}
      </Suspense>
    </Form>
  )
}
