import { useActionData, useLoaderData } from '@remix-run/react'
import { CsrfInput } from '~/components/csrf-input'
import { PageHeader } from '~/components/page/page-header'
import { Alert } from '~/components/ui/alert'
import { GenericForm } from '~/fields/form/generic-form'
import { DEMO_DEFINITIONS, DEMO_FORMS, type DemoForm } from '~/fields/gallery/demo-forms'
import { FieldGallery } from '~/fields/gallery/field-gallery'
import { fieldLinks } from '~/fields/links'
import { useFieldsT } from '~/fields/use-fields-t'
import { titleMeta } from '~/lib/meta'
import type { action, loader } from './__fields-gallery.server'

export { action, loader } from './__fields-gallery.server'
export const links = fieldLinks
export const meta = titleMeta

function Demo({ kind, title }: { kind: DemoForm; title: string }) {
  const { t } = useFieldsT()
  const answer = useActionData<typeof action>()
  const mine = answer?.intent === kind ? answer : undefined
  return (
    <section className="fg-demo" id={`demo-${kind}`} aria-labelledby={`demo-${kind}-title`}>
      <h2 className="fg-type-title" id={`demo-${kind}-title`}>
        {title}
      </h2>
      {mine?.saved ? <Alert type="success">{t('fields.gallery.saved')}</Alert> : null}
      <GenericForm
        id={`demo-${kind}-form`}
        definitions={DEMO_DEFINITIONS}
        form={DEMO_FORMS[kind]}
        lastResult={mine?.result}
      >
        <CsrfInput />
        <input type="hidden" name="intent" value={kind} />
      </GenericForm>
    </section>
  )
}

/** /admin/fields/gallery: every field type in every state, and the generic form's demos. */
export default function FieldsGalleryPage() {
  const { t } = useFieldsT()
  const { title } = useLoaderData<typeof loader>()
  return (
    <div className="fg-page">
      <PageHeader title={title} subtitle={t('fields.gallery.subtitle')} />
      <div className="fg-demos">
        <Demo kind="simple" title={t('fields.gallery.simple')} />
        <Demo kind="tabs" title={t('fields.gallery.tabs')} />
      </div>
      <h2 className="fg-heading">{t('fields.gallery.types')}</h2>
      <FieldGallery />
    </div>
  )
}
