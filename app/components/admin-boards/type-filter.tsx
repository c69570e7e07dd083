import { Button } from '../ui/button'
import { useHydrated } from '../ui/use-hydrated'
import { useBoardsT } from './use-boards-t'
import { useWidgetTypeOptions } from './widget-forms'

/**
 * The widgets list's type filter, a field of its search form (sent with the search, page 1). With
 * JavaScript a choice submits the form; without, the Show button does.
 */
export function TypeFilter({ value }: { value: string }) {
  const { t } = useBoardsT()
  const hydrated = useHydrated()
  const options = useWidgetTypeOptions()
  return (
    <div className="toolbar-filter">
      <label className="visually-hidden" htmlFor="widget-type-filter">
        {t('admin_widgets.filter.type')}
      </label>
      <select
        id="widget-type-filter"
        name="type"
        className="input select"
        defaultValue={value}
        key={value}
        onChange={(e) => e.currentTarget.form?.requestSubmit()}
        data-testid="widget-type-filter"
      >
        <option value="">{t('admin_widgets.filter.all')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <Button type="submit" variant="secondary">
          {t('admin_widgets.filter.apply')}
        </Button>
      )}
    </div>
  )
}
