import { FormProvider, getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { buildDefaults } from '@domain/fields/form'
import type { FieldDefinition } from '@domain/fields/types'
import { listWidgetTypes } from '@domain/widgets/registry'
import { lazy, Suspense, useMemo } from 'react'
import { CsrfInput } from '~/components/csrf-input'
import { useHydrated } from '~/components/ui/use-hydrated'
import { useSubmitDisabled } from '~/components/ui/use-submit-disabled'
import type { FormDescription } from '~/fields/form/description'
import { FieldGrid } from '~/fields/form/form-layouts'
import { routes } from '~/lib/routes'
import { useIntentResult } from '../admin/use-intent-result'
import { FormActions } from '../admin-workflow/form-actions'
import { FormErrors } from '../ui/form-errors'
import { NativeSelectField } from '../ui/native-select-field'
import { TextField } from '../ui/text-field'
import { QueryEditor } from './query-editor'
import { widgetEditSchema, widgetNewSchema } from './schemas'
import { useBoardsT } from './use-boards-t'

// With maplibre, in its own chunk: only a map widget's form loads it, and only with JavaScript.
const MapViewPicker = lazy(() => import('~/widgets/map/view-picker'))

/** The registry's types as a select's options, each under its translated name. */
export function useWidgetTypeOptions() {
  const { t } = useBoardsT()
  return listWidgetTypes().map((k) => ({ value: k.type, label: t(`admin_widgets.type.${k.type}`) }))
}

/** Add: the type (from the registry) and the title; Editing opens next for the rest. */
export function WidgetNewForm({
  action,
  cancelHref,
  type,
}: {
  action: string
  cancelHref: string
  type?: string
}) {
  const { t } = useBoardsT()
  const { fetcher, lastResult, pending } = useIntentResult('create')
  const [form, fields] = useForm({
    id: 'widget-create',
    lastResult,
    defaultValue: { type: type ?? '' },
    constraint: getZodConstraint(widgetNewSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: widgetNewSchema }),
  })
  const submit = useSubmitDisabled(form)
  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} className="form">
      <CsrfInput />
      <input type="hidden" name="intent" value="create" />
      <FormErrors errors={form.errors} id={form.errorId} />
      <NativeSelectField
        meta={fields.type}
        label={t('admin_widgets.field.type')}
        placeholder={t('admin_widgets.field.type.choose')}
        options={useWidgetTypeOptions()}
      />
      <p className="field-hint">{t('admin_widgets.field.type.hint')}</p>
      <TextField meta={fields.title} label={t('admin_widgets.field.title')} autoComplete="off" />
      <FormActions creating cancelHref={cancelHref} pending={pending} disabled={submit.disabled} />
    </fetcher.Form>
  )
}

export interface EditedWidget {
  type: string
  title: string
  settings: Record<string, unknown>
  query: string
}

interface WidgetEditFormProps {
  action: string
  widget: EditedWidget
  /** The type's settings as field definitions (`settings.…`, the registry's settingsFields). */
  settings: FieldDefinition[]
  /** The node's custom fields, for the query's check. */
  custom: FieldDefinition[]
  /** CSV export is on in the node (its CSV configuration is not disabled): the "Export CSV" link. */
  csv: boolean
  /** Saved queries the query may start from (PRODUCT.md §10). */
  saved?: readonly { id: string; name: string; query: string }[]
}

/**
 * Editing of a widget: the title, the query (highlighted and checked as it is typed) and the
 * settings form of its type, rendered by the generic form's fields — one form, one schema
 * (widgetEditSchema), the same in the browser and in the action.
 */
export function WidgetEditForm({ action, widget, settings, custom, csv, saved }: WidgetEditFormProps) {
  const { t } = useBoardsT()
  const schema = useMemo(() => widgetEditSchema(settings, custom), [settings, custom])
  const { fetcher, lastResult, pending } = useIntentResult('save')
  const description = useMemo<FormDescription>(
    () => ({ layout: 'simple', fields: settings.map((d) => ({ name: d.name })) }),
    [settings],
  )
  const [form, fields] = useForm({
    id: 'widget-save',
    lastResult,
    // Stored shapes (numbers, lists): conform serialises them as a form would post them.
    defaultValue: {
      ...buildDefaults(settings),
      settings: { ...(buildDefaults(settings).settings as object), ...widget.settings },
      title: widget.title,
      query: widget.query,
    } as unknown as Record<string, string>,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  })
  const submit = useSubmitDisabled(form)
  const hydrated = useHydrated()
  return (
    <FormProvider context={form.context}>
      <fetcher.Form method="post" action={action} {...getFormProps(form)} className="form widget-form">
        <CsrfInput />
        <input type="hidden" name="intent" value="save" />
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextField meta={fields.title} label={t('admin_widgets.field.title')} autoComplete="off" />
        <QueryEditor
          meta={fields.query}
          label={t('admin_widgets.field.query')}
          hint={t('admin_widgets.query.hint')}
          placeholder={t('admin_widgets.query.placeholder')}
          custom={custom}
          saved={saved}
        />
        {/* The saved query's tasks as a file (a plain link: the download needs no JavaScript). */}
        {csv ? (
          <p className="widget-export">
            <a className="button button-ghost button-sm" href={routes.csvExport(widget.query)} download>
              {t('tasks.csv.export.submit')}
            </a>
          </p>
        ) : null}
        <fieldset className="widget-settings">
          <legend className="widget-settings-title">{t('admin_widgets.section.settings')}</legend>
          {settings.length ? (
            <FieldGrid
              fields={settings.map((def) => ({ def, place: { name: def.name } }))}
              form={description}
              formId={form.id}
              services={{}}
            />
          ) : (
            <p className="muted">{t('admin_widgets.settings.none')}</p>
          )}
          {widget.type === 'map' && hydrated ? (
            <Suspense fallback={null}>
              <MapViewPicker formId={form.id} label={t('admin_widgets.map.picker')} />
            </Suspense>
          ) : null}
        </fieldset>
        <FormActions creating={false} pending={pending} disabled={submit.disabled} />
      </fetcher.Form>
    </FormProvider>
  )
}
