import type { FormDescription, FormTab } from './description'

/*
 * The tabs layout (spec §2, §4): a tab is active once every tab before it is valid; inactive tabs
 * are disabled, and Next is enabled only when the following tab is active.
 */

/** The tab each field sits on (the first tab when it names none or an unknown one). */
export function tabOfField(form: FormDescription): Map<string, string> {
  const keys = new Set((form.tabs ?? []).map((t) => t.key))
  const first = form.tabs?.[0]?.key ?? ''
  return new Map(form.fields.map((f) => [f.name, f.tab && keys.has(f.tab) ? f.tab : first]))
}

/** Tabs holding a field with an error. Error keys are conform names ('cf_address.city', 'cf_rows[0].title'). */
export function invalidTabs(form: FormDescription, errorNames: readonly string[]): Set<string> {
  const tabOf = tabOfField(form)
  const out = new Set<string>()
  for (const key of errorNames)
    for (const [name, tab] of tabOf)
      if (key === name || key.startsWith(`${name}.`) || key.startsWith(`${name}[`)) out.add(tab)
  return out
}

/** Whether each tab is active: the first always, each next one when all before it are valid. */
export function activeTabs(tabs: readonly FormTab[], invalid: ReadonlySet<string>): boolean[] {
  let open = true
  return tabs.map((tab) => {
    const active = open
    if (invalid.has(tab.key)) open = false
    return active
  })
}

/** Next on tab i: enabled only when the following tab is active. */
export const nextEnabled = (active: readonly boolean[], i: number): boolean => active[i + 1] === true
