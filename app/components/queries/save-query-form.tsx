import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CsrfInput } from '~/components/csrf-input'
import { SEARCH_PATH } from '~/lib/search/url'

/**
 * "Save query" under the search (PRODUCT.md §10): the current query kept under a name, personal,
 * or shared with the node when an administrator ticks it. A <details> and a plain form posting to
 * the search page: it works without JavaScript.
 */
export function SaveQueryForm({ query, back, canShare }: { query: string; back: string; canShare: boolean }) {
  const { t } = useTranslation()
  return (
    <details className="save-query" data-testid="save-query">
      <summary className="button button-ghost button-sm">{t('queries.save.title')}</summary>
      <Form method="post" action={SEARCH_PATH} className="save-query-form">
        <CsrfInput />
        <input type="hidden" name="intent" value="save-query" />
        <input type="hidden" name="query" value={query} />
        <input type="hidden" name="back" value={back} />
        <div className="field">
          <label className="field-label" htmlFor="save-query-name">
            {t('queries.save.name')}
          </label>
          <input
            id="save-query-name"
            className="input"
            name="name"
            required
            maxLength={100}
            autoComplete="off"
            data-testid="save-query-name"
          />
        </div>
        {canShare ? (
          <label className="checkbox-label save-query-shared">
            <input type="checkbox" name="shared" data-testid="save-query-shared" />
            <span>{t('queries.save.shared')}</span>
          </label>
        ) : null}
        <button type="submit" className="button button-primary button-sm" data-testid="save-query-submit">
          {t('queries.save.submit')}
        </button>
      </Form>
    </details>
  )
}
