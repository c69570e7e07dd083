import type { FieldDefinition } from '@domain/fields/types'
import { FORM_GRID_COLUMNS, FORM_LAYOUTS, type FormLayout } from '@domain/forms/definition'
import { Form } from '@remix-run/react'
import { type FormEvent, type MouseEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import { CsrfInput } from '~/components/csrf-input'
import { FormErrors } from '~/components/ui/form-errors'
import { useHydrated } from '~/components/ui/use-hydrated'
import { useSubmitDisabled } from '~/components/ui/use-submit-disabled'
import { useAdminFieldsT } from '../admin-fields/use-admin-fields-t'
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, TrashIcon } from '../admin-ui/icons'
import {
  applyOp,
  canApply,
  checkDraft,
  type Draft,
  type DraftField,
  type DraftOp,
  formatIntent,
  inputName,
  LIST_ALL,
  parseIntent,
} from './draft'
import { FormPreview } from './form-preview'
import type { FormEditorReply } from './reply'

export const FORM_EDITOR_ID = 'form-editor'

interface FormEditorProps {
  action: string
  definitions: FieldDefinition[]
  /** Where the editor starts: the stored form, or the draft the last answer held. */
  draft: Draft
  version: number | null
  reply?: FormEditorReply
}

/**
 * The form editor (PRODUCT.md §5): name, layout, tabs, the fields placed on the 12-column grid with
 * their width, tab, label and flags, the editable and visible lists — and beside it the preview,
 * the generic form rendering the draft. Every button is a submit button with an intent: with
 * JavaScript the step is made here at once (the same pure step the action makes), without it the
 * whole draft is posted and comes back changed. Save checks with the upstream's schema first.
 */
export function FormEditor({ action, definitions, draft: initial, version, reply }: FormEditorProps) {
  const { t } = useAdminFieldsT()
  const hydrated = useHydrated()
  const [draft, setDraft] = useState(initial)
  const [errors, setErrors] = useState<Record<string, string[]>>(reply?.errors ?? {})
  const byName = useMemo(() => new Map(definitions.map((d) => [d.name, d])), [definitions])
  const titleOf = (name: string) => {
    const def = byName.get(name)
    return def ? (def.system ? t(def.title) : def.title) : name
  }
  const [pick, setPick] = useState('')
  const unplaced = definitions.filter((d) => !draft.fields.some((f) => f.name === d.name))
  const usesTabs = draft.layout !== 'simple'

  const update = (next: Draft) => setDraft(next)
  const setField = (i: number, patch: Partial<DraftField>) =>
    update({ ...draft, fields: draft.fields.map((f, j) => (j === i ? { ...f, ...patch } : f)) })

  /** With JavaScript a step is made here; the button's post (without it) makes it in the action. */
  function step(event: MouseEvent<HTMLButtonElement>) {
    const op = parseIntent(event.currentTarget.value, pick)
    if (!op) return
    event.preventDefault()
    const next = applyOp(draft, op, (n) => t('admin_forms.tabs.default', { n }))
    update(next)
    if (op.type === 'add-field') setPick('')
  }

  function save(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    if (submitter?.value && submitter.value !== 'save') return
    const checked = checkDraft(draft, definitions, t)
    setErrors(checked.errors)
    if (!checked.body) event.preventDefault()
  }

  // Errors shown are checked again as the draft changes, so Save comes back once they are fixed.
  const checkedDraft = useRef(draft)
  useEffect(() => {
    if (checkedDraft.current === draft) return
    const before = checkedDraft.current
    checkedDraft.current = draft
    // Emptying the name says so at once and disables Save (spec §2: every form's required field),
    // without raising the draft's other errors before the first save.
    const emptied = before.name.trim() !== '' && draft.name.trim() === ''
    setErrors((prev) => {
      if (Object.keys(prev).length) return checkDraft(draft, definitions, t).errors
      const name = emptied
        ? (checkDraft(draft, definitions, t).errors as Record<string, string[]>).name
        : undefined
      return name ? { name } : prev
    })
  }, [draft, definitions, t])
  const submit = useSubmitDisabled({ id: FORM_EDITOR_ID, allErrors: errors })

  const err = (name: string) => errors[name]
  const errorsUnder = (prefix: string) =>
    Object.entries(errors)
      .filter(([k]) => k === prefix || k.startsWith(`${prefix}[`) || k.startsWith(`${prefix}.`))
      .flatMap(([, v]) => v)

  return (
    <div className="afo-editor" data-testid="form-editor">
      <Form method="post" action={action} id={FORM_EDITOR_ID} className="afo-form" onSubmit={save} noValidate>
        <CsrfInput />
        {/* Enter in a text input saves: the first submit button of the form is Save. */}
        <button
          type="submit"
          name="intent"
          value="save"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
        />
        {version ? <input type="hidden" name="version" value={version} /> : null}
        <FormErrors errors={reply?.formErrors} />

        <Section title={t('admin_forms.section.general')}>
          <div className="afo-row">
            <TextInput
              name="name"
              label={t('admin_forms.name')}
              value={draft.name}
              onChange={(name) => update({ ...draft, name })}
              errors={err('name')}
              required
              grow
            />
            <div className="field afo-layout">
              <label className="field-label" htmlFor="form-editor-layout">
                {t('admin_forms.layout')}
              </label>
              <select
                id="form-editor-layout"
                name="layout"
                className="input select"
                value={draft.layout}
                onChange={(e) => update({ ...draft, layout: e.currentTarget.value as FormLayout })}
                data-testid="form-layout"
              >
                {FORM_LAYOUTS.map((l) => (
                  <option key={l} value={l}>
                    {t(`admin_forms.layout.${l}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <Errors codes={err('layout')} />
        </Section>

        {usesTabs ? (
          <Section title={t('admin_forms.section.tabs')} hint={t(`admin_forms.tabs.hint.${draft.layout}`)}>
            <Errors codes={err('tabs')} />
            {draft.tabs.length ? (
              <ol className="afo-tabs">
                {draft.tabs.map((tab, i) => (
                  <li key={tab.name} className="afo-tab" data-testid={`form-tab-${i + 1}`}>
                    <input type="hidden" name={inputName.tab(i, 'name')} value={tab.name} />
                    <TextInput
                      name={inputName.tab(i, 'title')}
                      label={t('admin_forms.tabs.title', { n: i + 1 })}
                      hideLabel
                      value={tab.title}
                      onChange={(title) =>
                        update({ ...draft, tabs: draft.tabs.map((x, j) => (j === i ? { ...x, title } : x)) })
                      }
                      errors={errorsUnder(`tabs[${i}]`)}
                      grow
                    />
                    <Tool
                      op={{ type: 'remove-tab', index: i }}
                      draft={draft}
                      onClick={step}
                      label={t('admin_forms.tabs.remove', { title: tab.title || tab.name })}
                      danger
                    >
                      <TrashIcon width={15} height={15} />
                    </Tool>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="muted afo-empty">{t('admin_forms.tabs.empty')}</p>
            )}
            <button
              type="submit"
              name="intent"
              value={formatIntent({ type: 'add-tab' })}
              className="button button-secondary button-sm"
              onClick={step}
              disabled={!canApply(draft, { type: 'add-tab' })}
              data-testid="form-add-tab"
            >
              <PlusIcon width={14} height={14} />
              {t('admin_forms.tabs.add')}
            </button>
          </Section>
        ) : (
          // A simple form keeps its tabs in the draft (switching back loses nothing) but posts none.
          draft.tabs.map((tab, i) => (
            <span key={tab.name} hidden>
              <input type="hidden" name={inputName.tab(i, 'name')} value={tab.name} />
              <input type="hidden" name={inputName.tab(i, 'title')} value={tab.title} />
            </span>
          ))
        )}

        <Section title={t('admin_forms.section.fields')} hint={t('admin_forms.fields.hint')}>
          <Errors codes={err('fields')} />
          {draft.fields.length ? (
            <ol className="afo-entries">
              {draft.fields.map((f, i) => (
                <Entry
                  key={f.name}
                  index={i}
                  field={f}
                  draft={draft}
                  title={titleOf(f.name)}
                  system={byName.get(f.name)?.system === true}
                  type={byName.get(f.name)?.type}
                  setField={setField}
                  step={step}
                  errors={errorsUnder(`fields[${i}]`)}
                />
              ))}
            </ol>
          ) : (
            <p className="muted afo-empty">{t('admin_forms.fields.empty')}</p>
          )}
          <div className="afo-pick">
            <div className="field afo-grow">
              <label className="field-label" htmlFor="form-editor-pick">
                {t('admin_forms.fields.pick')}
              </label>
              <select
                id="form-editor-pick"
                name="pick"
                className="input select"
                value={pick}
                onChange={(e) => setPick(e.currentTarget.value)}
                data-testid="form-pick"
              >
                <option value="">{t('admin_forms.fields.pick_placeholder')}</option>
                {unplaced.map((d) => (
                  <option key={d.name} value={d.name}>
                    {`${d.system ? t(d.title) : d.title} (${d.name})`}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="submit"
              name="intent"
              value="add-field"
              className="button button-secondary"
              onClick={step}
              disabled={hydrated && pick === ''}
              data-testid="form-add-field"
            >
              <PlusIcon width={14} height={14} />
              {t('admin_forms.fields.add')}
            </button>
          </div>
        </Section>

        <Section title={t('admin_forms.section.lists')} hint={t('admin_forms.lists.hint')}>
          <div className="afo-lists">
            {(['editable', 'visible'] as const).map((list) => (
              <NameList
                key={list}
                list={list}
                draft={draft}
                titleOf={titleOf}
                onChange={(value) => update({ ...draft, [list]: value })}
                errors={errorsUnder(list)}
              />
            ))}
          </div>
        </Section>

        <div className="afo-actions">
          {hydrated ? (
            <p className="muted afo-live">{t('admin_forms.preview.live')}</p>
          ) : (
            <button
              type="submit"
              name="intent"
              value="apply"
              className="button button-secondary"
              data-testid="form-apply"
            >
              {t('admin_forms.apply')}
            </button>
          )}
          <button
            type="submit"
            name="intent"
            value="save"
            className="button button-primary"
            data-testid="form-save"
            disabled={submit.disabled}
          >
            {t('admin_forms.save')}
          </button>
        </div>
      </Form>
      <FormPreview draft={draft} definitions={definitions} action={action} reply={reply} />
    </div>
  )
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="afo-section">
      <legend className="afo-section-title">{title}</legend>
      {hint ? <p className="afo-section-hint">{hint}</p> : null}
      {children}
    </fieldset>
  )
}

function Errors({ codes, id }: { codes?: string[]; id?: string }) {
  const { t } = useAdminFieldsT()
  if (!codes?.length) return null
  return (
    <p className="field-error" id={id}>
      {[...new Set(codes)].map((c) => t(c)).join(' ')}
    </p>
  )
}

function TextInput(props: {
  name: string
  label: string
  value: string
  onChange: (v: string) => void
  errors?: string[]
  hideLabel?: boolean
  placeholder?: string
  grow?: boolean
  /** Announced (aria-required); checked by checkDraft, not by the browser (the spec's own message). */
  required?: boolean
}) {
  const id = `form-editor-${props.name.replace(/\W+/g, '-')}`
  const invalid = Boolean(props.errors?.length)
  return (
    <div className={`field${props.grow ? ' afo-grow' : ''}`}>
      <label className={props.hideLabel ? 'visually-hidden' : 'field-label'} htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        className="input"
        value={props.value}
        placeholder={props.placeholder}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        aria-invalid={invalid || undefined}
        aria-required={props.required || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        autoComplete="off"
      />
      <Errors codes={props.errors} id={`${id}-error`} />
    </div>
  )
}

function Tool(props: {
  op: DraftOp
  draft: Draft
  onClick: (e: MouseEvent<HTMLButtonElement>) => void
  label: string
  danger?: boolean
  children: ReactNode
}) {
  return (
    <button
      type="submit"
      name="intent"
      value={formatIntent(props.op)}
      className={`icon-button afo-tool${props.danger ? ' afo-tool-danger' : ''}`}
      aria-label={props.label}
      title={props.label}
      onClick={props.onClick}
      disabled={!canApply(props.draft, props.op)}
    >
      {props.children}
    </button>
  )
}

const WIDTHS = Array.from({ length: FORM_GRID_COLUMNS }, (_, i) => FORM_GRID_COLUMNS - i)

function Entry(props: {
  index: number
  field: DraftField
  draft: Draft
  title: string
  system: boolean
  type?: string
  setField: (i: number, patch: Partial<DraftField>) => void
  step: (e: MouseEvent<HTMLButtonElement>) => void
  errors: string[]
}) {
  const { t } = useAdminFieldsT()
  const { index: i, field: f, draft, setField, step } = props
  const id = (key: string) => `form-editor-fields-${i}-${key}`
  const usesTabs = draft.layout !== 'simple'
  return (
    <li className="afo-entry" data-testid={`form-entry-${f.name}`}>
      <input type="hidden" name={inputName.field(i, 'name')} value={f.name} />
      {/* Keys set through the API that this editor does not edit: posted back as they are. */}
      {f.kept !== undefined ? (
        <input type="hidden" name={inputName.kept(i)} value={JSON.stringify(f.kept)} />
      ) : null}
      <div className="afo-entry-head">
        <span className="afo-entry-n" aria-hidden="true">
          {i + 1}
        </span>
        <div className="afo-entry-name">
          <span className="afo-entry-title">{props.title}</span>
          <code className="afl-code afo-entry-code">{f.name}</code>
          {props.type ? <span className="afo-entry-type">{t(`fields.type.${props.type}`)}</span> : null}
          {props.system ? <span className="afl-system">{t('fields.system_field')}</span> : null}
        </div>
        <div className="afo-tools">
          <Tool
            op={{ type: 'up', index: i }}
            draft={draft}
            onClick={step}
            label={t('admin_forms.fields.up', { name: f.name })}
          >
            <ArrowUpIcon width={15} height={15} />
          </Tool>
          <Tool
            op={{ type: 'down', index: i }}
            draft={draft}
            onClick={step}
            label={t('admin_forms.fields.down', { name: f.name })}
          >
            <ArrowDownIcon width={15} height={15} />
          </Tool>
          <Tool
            op={{ type: 'remove-field', index: i }}
            draft={draft}
            onClick={step}
            label={t('admin_forms.fields.remove', { name: f.name })}
            danger
          >
            <TrashIcon width={15} height={15} />
          </Tool>
        </div>
      </div>
      <div className="afo-entry-body">
        <div className="field afo-grow">
          <label className="field-label" htmlFor={id('label')}>
            {t('admin_forms.fields.label')}
          </label>
          <input
            id={id('label')}
            name={inputName.field(i, 'label')}
            className="input"
            value={f.label ?? ''}
            placeholder={props.title}
            onChange={(e) => setField(i, { label: e.currentTarget.value || undefined })}
            autoComplete="off"
          />
        </div>
        <div className="field afo-width">
          <label className="field-label" htmlFor={id('grid')}>
            {t('admin_forms.fields.width')}
          </label>
          <select
            id={id('grid')}
            name={inputName.field(i, 'grid')}
            className="input select"
            value={f.grid}
            onChange={(e) => setField(i, { grid: Number(e.currentTarget.value) })}
          >
            {WIDTHS.map((w) => (
              <option key={w} value={w}>
                {t('admin_forms.fields.width_value', { w })}
              </option>
            ))}
          </select>
        </div>
        {usesTabs ? (
          <div className="field afo-tab-pick">
            <label className="field-label" htmlFor={id('tab')}>
              {t('admin_forms.fields.tab')}
            </label>
            <select
              id={id('tab')}
              name={inputName.field(i, 'tab')}
              className="input select"
              value={f.tab ?? ''}
              onChange={(e) => setField(i, { tab: e.currentTarget.value || undefined })}
            >
              <option value="">{t('admin_forms.fields.no_tab')}</option>
              {draft.tabs.map((tab) => (
                <option key={tab.name} value={tab.name}>
                  {tab.title || tab.name}
                </option>
              ))}
            </select>
          </div>
        ) : f.tab ? (
          <input type="hidden" name={inputName.field(i, 'tab')} value={f.tab} />
        ) : null}
        <div className="afo-flags">
          <label className="afo-check">
            <input
              type="checkbox"
              name={inputName.field(i, 'readonly')}
              checked={f.readonly === true}
              onChange={(e) => setField(i, { readonly: e.currentTarget.checked || undefined })}
            />
            {t('admin_forms.fields.readonly')}
          </label>
          <label className="afo-check">
            <input
              type="checkbox"
              name={inputName.shown(i)}
              checked={f.visible !== false}
              onChange={(e) => setField(i, { visible: e.currentTarget.checked ? undefined : false })}
            />
            {t('admin_forms.fields.shown')}
          </label>
        </div>
      </div>
      <div className="afo-grid-bar" aria-hidden="true">
        <span style={{ width: `${(f.grid / FORM_GRID_COLUMNS) * 100}%` }} />
      </div>
      <Errors codes={props.errors} />
    </li>
  )
}

function NameList(props: {
  list: 'editable' | 'visible'
  draft: Draft
  titleOf: (name: string) => string
  onChange: (value: string[] | null) => void
  errors: string[]
}) {
  const { t } = useAdminFieldsT()
  const { list, draft } = props
  const value = draft[list]
  const some = value !== null
  return (
    <fieldset className="afo-list" data-testid={`form-list-${list}`}>
      <legend className="field-label">{t(`admin_forms.lists.${list}`)}</legend>
      <label className="afo-check">
        <input
          type="radio"
          name={`${list}_mode`}
          value="all"
          checked={!some}
          onChange={() => props.onChange(null)}
        />
        {t('admin_forms.lists.all')}
      </label>
      <label className="afo-check">
        <input
          type="radio"
          name={`${list}_mode`}
          value="some"
          checked={some}
          onChange={() => props.onChange(draft.fields.map((f) => f.name))}
        />
        {t('admin_forms.lists.some')}
      </label>
      <div className="afo-list-names">
        {/* Ticked while "all" is chosen too: unticking one narrows the list to the others. */}
        <input type="hidden" name={list} value={LIST_ALL} />
        {draft.fields.map((f) => (
          <label key={f.name} className="afo-check">
            <input
              type="checkbox"
              name={list}
              value={f.name}
              checked={some ? value.includes(f.name) : true}
              onChange={(e) => {
                const current = value ?? draft.fields.map((x) => x.name)
                props.onChange(
                  e.currentTarget.checked
                    ? draft.fields.map((x) => x.name).filter((n) => n === f.name || current.includes(n))
                    : current.filter((n) => n !== f.name),
                )
              }}
            />
            {props.titleOf(f.name)}
          </label>
        ))}
      </div>
      <Errors codes={props.errors} />
    </fieldset>
  )
}
