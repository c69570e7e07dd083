import type { FieldDefinition, FieldSettings, FieldType } from '@domain/fields/types'
import { cleanup, render } from '@testing-library/react'
import { createInstance } from 'i18next'
import type { ReactElement } from 'react'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { afterEach } from 'vitest'
import { i18nConfig } from '~/i18n'
import { resources } from '~/lib/i18n-resources.server'
import { getFieldComponent } from '../registry'
import type { FieldProps } from '../types'

/*
 * Component tests of app/fields (jsdom: each test file starts with `// @vitest-environment jsdom`).
 * jsdom has no CSS.escape, which react-aria's popovers use (DEPENDENCIES.md).
 */
if (typeof CSS === 'undefined' || !CSS.escape) {
  const cssEscape = (s: string) => s.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`)
  ;(globalThis as { CSS?: unknown }).CSS = { ...(globalThis as { CSS?: object }).CSS, escape: cssEscape }
}

afterEach(cleanup)

const i18n = createInstance()
void i18n.use(initReactI18next).init({ ...i18nConfig, resources, lng: 'en', initImmediate: false })

/** Renders inside i18next (English, every namespace). */
export function renderUi(ui: ReactElement) {
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>)
}

export const defOf = (
  type: FieldType,
  settings: FieldSettings = {},
  extra: Partial<FieldDefinition> = {},
) => ({
  name: 'cf_field',
  type,
  title: 'Field',
  settings,
  ...extra,
})

/** One field of `type` through the registry, as a form would render it. */
export function renderField(type: FieldType, props: Partial<FieldProps> & { settings?: FieldSettings } = {}) {
  const { settings, ...rest } = props
  const Component = getFieldComponent(type)
  return renderUi(
    <form aria-label="form">
      <Component def={defOf(type, settings)} name="cf_field" id="f" label="Field" {...rest} />
    </form>,
  )
}
