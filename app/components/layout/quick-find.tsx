import { Form, useLocation, useNavigate } from '@remix-run/react'
import { type Key, type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react'
import { Input } from 'react-aria-components/ColorField'
import { ComboBox, ListBox, ListBoxItem, Popover } from 'react-aria-components/ComboBox'
import { useTranslation } from 'react-i18next'
import { QUICK_FIND_MAX_LENGTH, type QuickFindMatch, quickFindIntent } from '~/lib/quick-find'
import { routes } from '~/lib/routes'
import { SearchIcon } from '../ui/icons'
import { useHydrated } from '../ui/use-hydrated'
import { useQuickFind } from './use-quick-find'

const INPUT_ID = 'quick-find-input'
const SEARCH_OPTION = 'search:'

type Option = { id: string; match: QuickFindMatch } | { id: typeof SEARCH_OPTION; href: string }

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
function useSlashFocus(input: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return
      if (isTyping(e.target) || !input.current) return
      e.preventDefault()
      input.current.focus()
      input.current.select()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [input])
}

/**
 * The header's quick find (PRODUCT.md §10). A GET form to /lk/find: without JavaScript, Enter sends
 * it (a task key opens its card, other text the search page). With it, a combo box: the first
 * matches as the user types (arrows and Enter pick one), a task key shows that task or says there is
 * none, and Enter on the text itself opens the card of a key or searches `/lk/tasks?q=…`. Below
 * 1100 px the box folds into its icon and opens over the header while it has the focus.
 */
export function QuickFind() {
  const { t } = useTranslation()
  const location = useLocation()
  const navigate = useNavigate()
  const input = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const [unknownKey, setUnknownKey] = useState<string | null>(null)
  const found = useQuickFind(text)
  const hydrated = useHydrated()
  useSlashFocus(input)

  const intent = quickFindIntent(text)
  const label = t('quick_find.label')

  const go = (href: string) => {
    setText('')
    setUnknownKey(null)
    input.current?.blur()
    navigate(href)
  }

  // Enter on the text itself (no option highlighted): a key's card, or the search page.
  const onEnter = async () => {
    if (intent.kind === 'search') return go(routes.tasks(intent.query))
    if (intent.kind !== 'key') return
    const answer = await found.now()
    if (!answer) return go(`${routes.quickFind()}?${new URLSearchParams({ q: intent.key })}`)
    const task = answer.matches[0]
    if (task) go(task.href)
    else setUnknownKey(intent.key)
  }
  const onKeyDownCapture = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return
    if (input.current?.getAttribute('aria-activedescendant')) return
    e.preventDefault()
    e.stopPropagation()
    void onEnter()
  }

  const answer = found.answer
  const options: Option[] = [
    ...(answer && (found.fresh || intent.kind === 'search') ? answer.matches : []).map((match) => ({
      id: `task:${match.key}`,
      match,
    })),
    ...(intent.kind === 'search' ? [{ id: SEARCH_OPTION, href: routes.tasks(intent.query) } as const] : []),
  ]
  const note = noteOf()
  function noteOf(): string | null {
    if (intent.kind === 'empty') return null
    if (intent.kind === 'key') {
      if (found.fresh) return answer?.matches.length ? null : t('quick_find.unknown_key', { key: intent.key })
      return unknownKey === intent.key
        ? t('quick_find.unknown_key', { key: intent.key })
        : t('quick_find.searching')
    }
    if (found.failed) return t('quick_find.failed')
    if (!found.fresh) return answer ? null : t('quick_find.searching')
    if (answer?.invalid) return t('quick_find.invalid')
    return answer?.matches.length ? null : t('quick_find.no_matches')
  }

  const choose = (key: Key | null) => {
    const option = options.find((o) => o.id === key)
    if (option) go('match' in option ? option.match.href : option.href)
  }

  return (
    <Form
      method="get"
      action={routes.quickFind()}
      role="search"
      aria-label={label}
      className="quick-find"
      data-testid="quick-find"
      // With JavaScript running: the box lists matches (what the browser tests wait for).
      data-ready={hydrated || undefined}
      onKeyDownCapture={onKeyDownCapture}
    >
      <input type="hidden" name="from" value={`${location.pathname}${location.search}`} />
      <label htmlFor={INPUT_ID} className="quick-find-toggle" title={label}>
        <SearchIcon width={16} height={16} aria-hidden="true" />
        <span className="visually-hidden">{label}</span>
      </label>
      <ComboBox
        name="q"
        aria-label={label}
        inputValue={text}
        onInputChange={(value) => {
          setText(value)
          setUnknownKey(null)
        }}
        items={options}
        selectedKey={null}
        onSelectionChange={choose}
        allowsCustomValue
        allowsEmptyCollection={intent.kind !== 'empty'}
        menuTrigger="input"
        className="quick-find-box"
      >
        <Input
          id={INPUT_ID}
          ref={input}
          type="search"
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
        <Popover className="quick-find-popover" placement="bottom start" offset={6}>
          {note ? (
            <p className="quick-find-note" role="status">
              {note}
            </p>
          ) : null}
          <ListBox<Option> className="quick-find-list" renderEmptyState={() => null}>
            {(o) =>
              'match' in o ? (
                <ListBoxItem
                  id={o.id}
                  textValue={`${o.match.key} ${o.match.title}`}
                  className="quick-find-option"
                >
                  <span className="quick-find-key">{o.match.key}</span>
                  <span className="quick-find-title">{o.match.title}</span>
                </ListBoxItem>
              ) : (
                <ListBoxItem
                  id={o.id}
                  textValue={t('quick_find.search_all', { text: text.trim() })}
                  className="quick-find-option quick-find-all"
                >
                  <SearchIcon width={14} height={14} aria-hidden="true" />
                  <span className="quick-find-title">
                    {t('quick_find.search_all', { text: text.trim() })}
                  </span>
                  <kbd className="quick-find-enter" aria-hidden="true">
                    Enter
                  </kbd>
                </ListBoxItem>
              )
            }
          </ListBox>
        </Popover>
      </ComboBox>
    </Form>
  )
}
