import { useNavigate } from '@remix-run/react'
import { type Key, type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { Input } from 'react-aria-components/ColorField'
import { ComboBox, ListBox, ListBoxItem, Popover } from 'react-aria-components/ComboBox'
import { useTranslation } from 'react-i18next'
import { QUICK_FIND_MAX_LENGTH, type QuickFindMatch, quickFindIntent } from '~/lib/quick-find'
import { routes } from '~/lib/routes'
import { SearchIcon } from '../ui/icons'
import { QUICK_FIND_INPUT_ID as INPUT_ID } from './quick-find-input'
import { useQuickFind } from './use-quick-find'

const SEARCH_OPTION = 'search:'

type Option = { id: string; match: QuickFindMatch } | { id: typeof SEARCH_OPTION; href: string }

/**
 * The quick find with JavaScript (loaded after the page, app/components/layout/quick-find.tsx): a
 * combo box with the first matches as the user types (arrows and Enter pick one); a task key shows
 * that task or says there is none; Enter on the text itself opens the card of a key or searches
 * `/lk/tasks?q=…`. It takes over from the plain field with what was typed there, and its focus.
 */
export default function QuickFindBox({ onReady }: { onReady: () => void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const input = useRef<HTMLInputElement>(null)
  // The plain field is still in the page while this first renders: take over its text and focus.
  const [taken] = useState(() => {
    const plain = document.getElementById(INPUT_ID)
    return plain instanceof HTMLInputElement
      ? { text: plain.value, focus: document.activeElement === plain }
      : { text: '', focus: false }
  })
  const [text, setText] = useState(taken.text)
  const [unknownKey, setUnknownKey] = useState<string | null>(null)
  const found = useQuickFind(text)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when it replaces the plain field
  useEffect(() => {
    if (taken.focus) input.current?.focus()
    onReady()
  }, [])

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
  const onKeyDownCapture = (e: KeyboardEvent<HTMLDivElement>) => {
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
    // Enter is read here, before the combo box's own handling (capture): see onKeyDownCapture.
    <div className="quick-find-enhanced" onKeyDownCapture={onKeyDownCapture}>
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
    </div>
  )
}
