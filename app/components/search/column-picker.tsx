import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CsrfInput } from '~/components/csrf-input'
import type { SearchColumn } from '~/lib/search/types'

interface ColumnPickerProps {
  /** The custom fields the results' processes have (and those already chosen). */
  choices: { name: string; title: string }[]
  chosen: SearchColumn[]
  /** The search to come back to once the choice is kept. */
  back: string
}

/**
 * Which custom fields show as columns: check boxes in a disclosure, posted (a plain form, so it
 * works without JavaScript) and kept for the user; the page comes back to the same search.
 */
export function ColumnPicker({ choices, chosen, back }: ColumnPickerProps) {
  const { t } = useTranslation()
  const on = new Set(chosen.map((c) => c.name))
  return (
    <details className="search-columns" data-testid="search-columns">
      <summary className="button button-secondary button-sm">
        {t('search.columns.button')}
        {on.size ? <span className="search-columns-count">{on.size}</span> : null}
      </summary>
      <Form method="post" className="search-columns-panel">
        <CsrfInput />
        <input type="hidden" name="intent" value="columns" />
        <input type="hidden" name="back" value={back} />
        <fieldset className="search-columns-list">
          <legend className="search-columns-legend">{t('search.columns.legend')}</legend>
          {choices.length ? (
            choices.map((c) => (
              <label key={c.name} className="checkbox-option">
                <input type="checkbox" name="column" value={c.name} defaultChecked={on.has(c.name)} />
                <span>{c.title}</span>
                <span className="search-columns-name">{c.name}</span>
              </label>
            ))
          ) : (
            <p className="field-hint">{t('search.columns.none')}</p>
          )}
        </fieldset>
        <button type="submit" className="button button-primary button-sm" data-testid="search-columns-save">
          {t('search.columns.save')}
        </button>
      </Form>
    </details>
  )
}
