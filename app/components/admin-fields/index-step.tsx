import { CsrfInput } from '~/components/csrf-input'
import { useAdminFieldsT } from './use-admin-fields-t'

/** The index of a custom field as the upstream reports it (issue 28). */
export type IndexState = 'building' | 'ready' | 'failed' | null

/** A field's index state as a small badge: the list and the Editing dialog show the same. */
export function IndexBadge({ state }: { state: IndexState }) {
  const { t } = useAdminFieldsT()
  if (!state) return null
  return (
    <span className={`afl-index afl-index-${state}`} data-testid="index-state" data-state={state}>
      {t(`admin_fields.index.state.${state}`)}
    </span>
  )
}

/**
 * Editing → the field's index: its state, and one button that marks or unmarks the field (a form
 * of its own posting intent `index` / `unindex`, so it works without JavaScript). A field that
 * holds a list or a group cannot be indexed: only the hint is shown then.
 */
export function IndexStep({
  action,
  indexed,
  state,
  indexable,
}: {
  action: string
  indexed: boolean
  state: IndexState
  indexable: boolean
}) {
  const { t } = useAdminFieldsT()
  return (
    <div className="afl-index-row" data-testid="index-step">
      <div>
        <p className="afl-index-title">
          {t('admin_fields.index.title')} <IndexBadge state={indexed ? state : null} />
        </p>
        <p className="muted">
          {t(indexable || indexed ? 'admin_fields.index.hint' : 'admin_fields.index.not_indexable')}
        </p>
      </div>
      {(indexable || indexed) && (
        <form method="post" action={action}>
          <CsrfInput />
          <input type="hidden" name="intent" value={indexed ? 'unindex' : 'index'} />
          <button type="submit" className="button button-secondary button-sm" data-testid="index-toggle">
            {t(indexed ? 'admin_fields.index.unmark' : 'admin_fields.index.mark')}
          </button>
        </form>
      )}
    </div>
  )
}
