import { parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { formSchemaOf } from '~/fields/form/description'
import { DEMO_DEFINITIONS, DEMO_FORMS, isDemoForm } from '~/fields/gallery/demo-forms'
import { requireAdmin } from '~/lib/access.server'
import { requireCsrf } from '~/lib/csrf.server'
import { readForm } from '~/lib/form.server'
import { titledPage } from '~/lib/page.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  return titledPage(request, 'fields.gallery.title')
}

/**
 * The generic-form demos post here: the same schema as the page (formSchemaOf over the same
 * definitions), so without JavaScript the answer carries the messages the browser would show.
 * Nothing is saved: a valid form is answered with a success note and emptied.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request)
  const formData = await readForm(request)
  await requireCsrf(request, formData)
  const intent = formData.get('intent')
  if (!isDemoForm(intent)) throw new Response('Unknown form', { status: 400 })
  const submission = parseWithZod(formData, { schema: formSchemaOf(DEMO_DEFINITIONS, DEMO_FORMS[intent]) })
  if (submission.status !== 'success') return { intent, result: submission.reply(), saved: false }
  return { intent, result: submission.reply({ resetForm: true }), saved: true }
}
