import type { FieldDefinition } from '@domain/fields/types'
import { useState } from 'react'
import { Button } from 'react-aria-components/Button'
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components/Tabs'
import { useFieldsT } from '../use-fields-t'
import type { FormDescription, FormFieldPlace, FormTab } from './description'
import { FormField, type FormFieldServices } from './form-field'
import { activeTabs, nextEnabled, tabOfField } from './tabs-state'

type Placed = { def: FieldDefinition; place: FormFieldPlace }

export interface LayoutProps {
  fields: Placed[]
  form: FormDescription
  formId: string
  services: FormFieldServices
}

/** Fields in a 12-column grid. */
export function FieldGrid({ fields, form, formId, services }: LayoutProps) {
  return (
    <div className="ff-grid gf-grid">
      {fields.map(({ def, place }) => (
        <FormField key={def.name} def={def} place={place} form={form} formId={formId} services={services} />
      ))}
    </div>
  )
}

const onTab = (fields: Placed[], form: FormDescription, tab: FormTab) => {
  const tabOf = tabOfField(form)
  return fields.filter((f) => tabOf.get(f.def.name) === tab.key)
}

/** Board (and tabs before JavaScript): every tab's fields at once, a titled section each. */
export function Sections({ columns, ...props }: LayoutProps & { columns?: boolean }) {
  const { t } = useFieldsT()
  return (
    <div className={columns ? 'gf-board' : 'gf-sections'}>
      {(props.form.tabs ?? []).map((tab) => (
        <section key={tab.key} className="gf-section" aria-labelledby={`${props.formId}-tab-${tab.key}`}>
          <h3 className="gf-section-title" id={`${props.formId}-tab-${tab.key}`}>
            {t(tab.title)}
          </h3>
          <FieldGrid {...props} fields={onTab(props.fields, props.form, tab)} />
        </section>
      ))}
    </div>
  )
}

/**
 * Tabs (react-aria): every panel stays mounted (hidden), so the form posts all of them. A tab is
 * active once the tabs before it are valid; inactive tabs are disabled and Next is enabled only
 * when the following tab is active (spec §2, §4).
 */
export function TabbedFields(props: LayoutProps & { invalid: ReadonlySet<string> }) {
  const { t } = useFieldsT()
  const tabs = props.form.tabs ?? []
  const [selected, setSelected] = useState(tabs[0]?.key ?? '')
  const active = activeTabs(tabs, props.invalid)
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.key === selected),
  )
  const disabled = tabs.filter((_, i) => !active[i]).map((tab) => tab.key)
  return (
    <Tabs
      selectedKey={selected}
      onSelectionChange={(k) => setSelected(String(k))}
      disabledKeys={disabled}
      className="gf-tabs"
    >
      <TabList aria-label={t('fields.form.tabs')} className="gf-tablist">
        {tabs.map((tab) => (
          <Tab key={tab.key} id={tab.key} className="gf-tab">
            {t(tab.title)}
          </Tab>
        ))}
      </TabList>
      {tabs.map((tab) => (
        <TabPanel key={tab.key} id={tab.key} shouldForceMount className="gf-panel">
          <FieldGrid {...props} fields={onTab(props.fields, props.form, tab)} />
        </TabPanel>
      ))}
      <div className="gf-tab-actions">
        {index > 0 ? (
          <Button className="button button-secondary" onPress={() => setSelected(tabs[index - 1].key)}>
            {t('fields.form.back')}
          </Button>
        ) : null}
        {index < tabs.length - 1 ? (
          <Button
            className="button button-secondary"
            isDisabled={!nextEnabled(active, index)}
            onPress={() => setSelected(tabs[index + 1].key)}
            data-testid="form-next"
          >
            {t('fields.form.next')}
          </Button>
        ) : null}
      </div>
    </Tabs>
  )
}
