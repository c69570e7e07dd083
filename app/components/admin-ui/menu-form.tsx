import {
  type FieldMetadata,
  getFormProps,
  type Submission,
  type SubmissionResult,
  useForm,
} from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod'
import { useFetcher } from '@remix-run/react'
import { type ComponentType, type SVGProps, useEffect, useRef, useState } from 'react'
import { z } from 'zod'
import { CsrfInput } from '~/components/csrf-input'
import { useSubmitDisabled } from '~/components/ui/use-submit-disabled'
import type { ActionData, MenuDraft } from './action-data'
import { AdminTextField, AdminToggle } from './fields'
import {
  ArrowDownIcon,
  ArrowUpIcon,
  IndentIcon,
  OutdentIcon,
  PlusIcon,
  SubItemIcon,
  TrashIcon,
} from './icons'
import { canApplyMenuOp, formatMenuIntent, type MenuDraftItem, type MenuOp, type MenuPath } from './menu-tree'
import { type MenuValue, menuSchema, parseSection } from './schemas'
import { DefaultSubmit, FormAlerts, SaveButton, SectionCard } from './section'
import { useAdminT } from './use-admin-t'

const FETCHER_KEY = 'admin-ui-menu'
/** Editing steps are not checked in the browser: an item being written may still be incomplete. */
const anything = z.object({}).passthrough()

interface MenuFormProps {
  /** The stored menu, as the loader read it. */
  stored: MenuDraftItem[]
  base: string
  /** The page's own action data: the draft after a step posted without JavaScript. */
  posted?: ActionData
}

/**
 * The menu items editor (spec §2: up to 3 levels, headings). Every button is a submit button with
 * an intent (`menu:indent:0.1`, `menu:save`…), and the whole draft is posted with it: without
 * JavaScript each step is a plain form post answered with the new draft; with it, the same form
 * goes through a fetcher. Nothing is stored until Save.
 */
export function MenuForm({ stored, base, posted }: MenuFormProps) {
  const fetcher = useFetcher<ActionData>({ key: FETCHER_KEY })
  const { saved, onSave } = useSavedFetcherData(fetcher, stored)
  // The newest draft: the fetcher's (with JavaScript) or the page's (without). Once saved, the
  // stored menu shows again. Saving another form keeps the draft, with the base it started from,
  // so a change someone else made to the menu meanwhile is still a conflict.
  const latest =
    fetcher.data?.section === 'menu' && fetcher.data !== saved
      ? fetcher.data
      : posted?.section === 'menu'
        ? posted
        : undefined
  const draft = latest?.menu ?? null
  return (
    <MenuDraftForm
      key={draft?.id ?? `stored-${base}`}
      draft={draft ?? { items: stored, id: `stored-${base}`, base, focus: null }}
      unsaved={draft !== null}
      lastResult={draft ? latest?.result : undefined}
      fetcher={fetcher}
      onSave={onSave}
    />
  )
}

type Fetcher = ReturnType<typeof useFetcher<ActionData>>

/**
 * The fetcher data a successful save left behind. A save answers with a redirect, and a fetcher
 * keeps its previous data through a redirect, while the page's data is read again: a save that
 * ends with the fetcher's data unchanged and the page's data new succeeded (a refused one answers
 * with new data: its errors). What the fetcher held is noted as the form is submitted, not in an
 * effect: under load React may never commit the render in which the save was pending, and the
 * refusal would then be taken for the data before it.
 */
function useSavedFetcherData(fetcher: Fetcher, page: unknown) {
  const [saved, setSaved] = useState<ActionData>()
  const pending = useRef<{ data: ActionData | undefined; page: unknown } | null>(null)
  const onSave = () => {
    pending.current = { data: fetcher.data, page }
  }
  useEffect(() => {
    const before = pending.current
    if (!before || fetcher.state !== 'idle') return
    if (fetcher.data !== before.data) pending.current = null
    else if (page !== before.page) {
      pending.current = null
      setSaved(fetcher.data)
    }
  }, [fetcher.state, fetcher.data, page])
  return { saved, onSave }
}

interface DraftFormProps {
  draft: MenuDraft
  unsaved: boolean
  lastResult?: SubmissionResult<string[]>
  fetcher: Fetcher
  /** Called as a Save is sent (not for an editing step, nor a Save the browser's checks stopped). */
  onSave: () => void
}

/** Loosely typed item fields: conform's types do not follow the schema's three spelled-out levels. */
interface ItemInput {
  title?: string
  url?: string
  icon?: string
  heading?: boolean
  items?: ItemInput[]
}

function MenuDraftForm({ draft, unsaved, lastResult, fetcher, onSave }: DraftFormProps) {
  const { t } = useAdminT()
  const [form, fields] = useForm<{ items: ItemInput[] }, MenuValue>({
    id: 'admin-ui-menu',
    defaultValue: { items: draft.items },
    lastResult,
    constraint: getZodConstraint(menuSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => {
      const intent = String(formData.get('intent') ?? '')
      const step = intent.startsWith('menu:') && intent !== 'menu:save'
      return parseSection(formData, step ? anything : menuSchema) as Submission<
        { items: ItemInput[] },
        string[],
        MenuValue
      >
    },
  })
  const submit = useSubmitDisabled(form)
  const busy = fetcher.state !== 'idle'
  const saving = busy && fetcher.formData?.get('intent') === 'menu:save'
  const focus = draft.focus
  const list = fields.items.getFieldList()
  const formProps = getFormProps(form)
  return (
    <SectionCard
      id="menu"
      title={t('ui.menu.title')}
      description={t('ui.menu.description')}
      aside={unsaved ? <span className="aui-badge">{t('ui.unsaved')}</span> : null}
    >
      <fetcher.Form
        method="post"
        {...formProps}
        onSubmit={(event) => {
          formProps.onSubmit(event)
          const submitter = (event.nativeEvent as SubmitEvent).submitter
          if (!event.defaultPrevented && submitter?.getAttribute('value') === 'menu:save') onSave()
        }}
        className="aui-form"
        aria-busy={busy || undefined}
      >
        <CsrfInput />
        <DefaultSubmit intent="menu:save" />
        <input type="hidden" name="base" value={draft.base} />
        <input type="hidden" name="draft" value={draft.id} />
        <FormAlerts id={form.errorId} errors={form.errors} section="menu" />
        <p className="aui-hint">{t('ui.menu.hint')}</p>
        {draft.items.length ? (
          <div className="aui-menu">
            <div className="aui-menu-columns" aria-hidden="true">
              <span />
              <span>{t('ui.menu.item_title')}</span>
              <span>{t('ui.menu.url')}</span>
              <span>{t('ui.menu.icon')}</span>
              <span>{t('ui.menu.heading')}</span>
              <span />
            </div>
            <ol className="aui-menu-list">
              {draft.items.map((item, i) => (
                <MenuItemRow
                  key={list[i]?.key ?? i}
                  tree={draft.items}
                  item={item}
                  meta={list[i] as FieldMetadata<ItemInput>}
                  path={[i]}
                  focus={focus}
                  busy={busy}
                />
              ))}
            </ol>
          </div>
        ) : (
          <p className="aui-empty">{t('ui.menu.empty')}</p>
        )}
        <div className="aui-actions aui-actions-split">
          <button
            type="submit"
            name="intent"
            value={`menu:${formatMenuIntent({ type: 'add', parent: [] })}`}
            className="button button-secondary"
            disabled={busy || !canApplyMenuOp(draft.items, { type: 'add', parent: [] })}
            // After the last item is removed, the focus has nowhere else to go.
            autoFocus={unsaved && !focus && draft.items.length === 0}
          >
            <PlusIcon width={15} height={15} />
            {t('ui.menu.add')}
          </button>
          <SaveButton intent="menu:save" pending={saving} disabled={busy || submit.disabled} />
        </div>
      </fetcher.Form>
    </SectionCard>
  )
}

interface ToolProps {
  op: MenuOp
  tree: MenuDraftItem[]
  label: string
  icon: ComponentType<SVGProps<SVGSVGElement>>
  busy: boolean
  autoFocus?: boolean
  danger?: boolean
}

function Tool({ op, tree, label, icon: Icon, busy, autoFocus, danger }: ToolProps) {
  const allowed = canApplyMenuOp(tree, op)
  return (
    <button
      type="submit"
      name="intent"
      value={`menu:${formatMenuIntent(op)}`}
      className={`icon-button aui-tool${danger ? ' aui-tool-danger' : ''}`}
      aria-label={label}
      title={label}
      disabled={!allowed || busy}
      autoFocus={autoFocus && allowed}
    >
      <Icon width={15} height={15} />
    </button>
  )
}

interface RowProps {
  tree: MenuDraftItem[]
  item: MenuDraftItem
  meta: FieldMetadata<ItemInput>
  path: MenuPath
  focus: MenuDraft['focus']
  busy: boolean
}

function MenuItemRow({ tree, item, meta, path, focus, busy }: RowProps) {
  const { t } = useAdminT()
  const f = meta.getFieldset()
  const children = f.items.getFieldList()
  const number = path.map((i) => i + 1).join('.')
  const name = t('ui.menu.item', { n: number })
  const here = focus?.path === path.join('.')
  // Back to where the step was made: the same button on the moved item (so it can be pressed again),
  // or the title of a new or neighbouring item.
  const focusOn = (op: MenuOp['type']) => here && focus?.op === op
  const titleFocus = here && (focus?.op === 'add' || focus?.op === 'remove')
  const tools: Omit<ToolProps, 'tree' | 'busy'>[] = [
    { op: { type: 'up', path }, label: t('ui.menu.up'), icon: ArrowUpIcon },
    { op: { type: 'down', path }, label: t('ui.menu.down'), icon: ArrowDownIcon },
    { op: { type: 'outdent', path }, label: t('ui.menu.outdent'), icon: OutdentIcon },
    { op: { type: 'indent', path }, label: t('ui.menu.indent'), icon: IndentIcon },
    { op: { type: 'add', parent: path }, label: t('ui.menu.add_child'), icon: SubItemIcon },
    { op: { type: 'remove', path }, label: t('ui.menu.remove'), icon: TrashIcon, danger: true },
  ]
  return (
    <li className="aui-menu-item" data-depth={path.length} data-testid={`menu-item-${number}`}>
      <div className="aui-menu-row" role="group" aria-label={name}>
        <span className="aui-menu-number" aria-hidden="true">
          {number}
        </span>
        <AdminTextField
          id={`menu-${path.join('-')}-title`}
          meta={f.title as FieldMetadata<string | undefined>}
          label={`${t('ui.menu.item_title')} · ${name}`}
          placeholder={t('ui.menu.untitled')}
          hideLabel
          autoFocus={titleFocus}
        />
        <AdminTextField
          meta={f.url as FieldMetadata<string | undefined>}
          label={`${t('ui.menu.url')} · ${name}`}
          placeholder={t('ui.menu.url.placeholder')}
          hideLabel
        />
        <AdminTextField
          meta={f.icon as FieldMetadata<string | undefined>}
          label={`${t('ui.menu.icon')} · ${name}`}
          placeholder="mdi-home"
          hideLabel
        />
        <AdminToggle
          meta={f.heading as FieldMetadata<boolean | undefined>}
          kind="checkbox"
          label={t('ui.menu.heading')}
          compact
        />
        <div className="aui-menu-tools">
          {tools.map((tool) => (
            <Tool
              key={tool.op.type}
              {...tool}
              tree={tree}
              busy={busy}
              autoFocus={tool.op.type !== 'add' && tool.op.type !== 'remove' && focusOn(tool.op.type)}
            />
          ))}
        </div>
      </div>
      {item.items.length ? (
        <ol className="aui-menu-list">
          {item.items.map((child, i) => (
            <MenuItemRow
              key={children[i]?.key ?? i}
              tree={tree}
              item={child}
              meta={children[i] as FieldMetadata<ItemInput>}
              path={[...path, i]}
              focus={focus}
              busy={busy}
            />
          ))}
        </ol>
      ) : null}
    </li>
  )
}
