import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Link } from '@remix-run/react'
import { CsrfInput } from '~/components/csrf-input'
import { useSubmitDisabled } from '~/components/ui/use-submit-disabled'
import { PickOneForm, RemoveOneForm } from '../admin/intent-forms'
import { useIntentResult } from '../admin/use-intent-result'
import { AdminToggle } from '../admin-ui/fields'
import { FormActions } from '../admin-workflow/form-actions'
import { FormErrors } from '../ui/form-errors'
import { PlusIcon } from '../ui/icons'
import { TextField } from '../ui/text-field'
import { bindFormSchema, boardFormSchema, boardNewSchema } from './schemas'
import type { BoardRow } from './types'
import { useBoardsT } from './use-boards-t'

/** Add: the board's name; Editing opens next for its widgets and layout. */
export function BoardNewForm({ action, cancelHref }: { action: string; cancelHref: string }) {
  const { t } = useBoardsT()
  const { fetcher, lastResult, pending } = useIntentResult('create')
  const [form, fields] = useForm({
    id: 'board-create',
    lastResult,
    constraint: getZodConstraint(boardNewSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: boardNewSchema }),
  })
  const submit = useSubmitDisabled(form)
  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} className="form">
      <CsrfInput />
      <input type="hidden" name="intent" value="create" />
      <FormErrors errors={form.errors} id={form.errorId} />
      <TextField meta={fields.name} label={t('admin_boards.field.name')} autoComplete="off" autoFocus />
      <FormActions creating cancelHref={cancelHref} pending={pending} disabled={submit.disabled} />
    </fetcher.Form>
  )
}

/** Editing → the board: its name, default board, and the menu options on it (spec §2). */
export function BoardForm({ action, board }: { action: string; board: BoardRow }) {
  const { t } = useBoardsT()
  const { fetcher, lastResult, pending } = useIntentResult('save')
  const [form, fields] = useForm({
    id: 'board-save',
    lastResult,
    defaultValue: {
      name: board.name,
      is_default: board.is_default ? 'on' : '',
      no_left_menu: board.settings.no_left_menu ? 'on' : '',
      no_top_menu: board.settings.no_top_menu ? 'on' : '',
    },
    constraint: getZodConstraint(boardFormSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: boardFormSchema }),
  })
  const submit = useSubmitDisabled(form)
  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} className="form">
      <CsrfInput />
      <input type="hidden" name="intent" value="save" />
      <FormErrors errors={form.errors} id={form.errorId} />
      <TextField meta={fields.name} label={t('admin_boards.field.name')} autoComplete="off" />
      <div className="board-toggles">
        <AdminToggle
          meta={fields.is_default}
          label={t('admin_boards.field.is_default')}
          description={t('admin_boards.field.is_default.hint')}
        />
        <AdminToggle
          meta={fields.no_left_menu}
          label={t('admin_boards.field.no_left_menu')}
          description={t('admin_boards.field.no_left_menu.hint')}
        />
        <AdminToggle
          meta={fields.no_top_menu}
          label={t('admin_boards.field.no_top_menu')}
          description={t('admin_boards.field.no_top_menu.hint')}
        />
      </div>
      <FormActions creating={false} pending={pending} disabled={submit.disabled} />
    </fetcher.Form>
  )
}

interface WidgetOption {
  id: string
  title: string
  type: string
}

/**
 * Editing → the widgets on the board (POST /widgets/bind-board): each with a remove button, then a
 * form to add one of the node's other widgets. Each is its own small form: each works without
 * JavaScript.
 */
export function BoardWidgets({
  action,
  bound,
  others,
  createHref,
}: {
  action: string
  bound: WidgetOption[]
  others: WidgetOption[]
  createHref: string
}) {
  const { t } = useBoardsT()
  return (
    <>
      {bound.length === 0 ? (
        <p className="muted">{t('admin_boards.widgets.empty')}</p>
      ) : (
        <ul
          className="member-list"
          aria-label={t('admin_boards.section.widgets')}
          data-testid="board-widgets"
        >
          {bound.map((w) => (
            <li key={w.id} className="member">
              <span className="member-name">{w.title}</span>
              <span className="member-email">
                {t(`admin_widgets.type.${w.type}`, { defaultValue: w.type })}
              </span>
              <RemoveOneForm
                action={action}
                intent="unbind"
                name="widget_id"
                value={w.id}
                label={t('admin_boards.widgets.remove')}
                ariaLabel={t('admin_boards.widgets.remove_label', { name: w.title })}
              />
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 ? (
        <PickOneForm
          key={bound.map((w) => w.id).join()}
          id="board-bind-widget"
          className="form member-add"
          action={action}
          intent="bind"
          schema={bindFormSchema}
          name="widget_id"
          label={t('admin_boards.widgets.widget')}
          placeholder={t('admin_boards.widgets.choose')}
          options={others.map((w) => ({
            value: w.id,
            label: `${w.title} · ${t(`admin_widgets.type.${w.type}`, { defaultValue: w.type })}`,
          }))}
          icon={<PlusIcon width={14} height={14} />}
          submitLabel={t('admin_boards.widgets.add')}
        />
      ) : (
        <p className="muted">
          {bound.length ? `${t('admin_boards.widgets.none_left')} · ` : null}
          <Link to={createHref}>{t('admin_boards.widgets.create')}</Link>
        </p>
      )}
    </>
  )
}
