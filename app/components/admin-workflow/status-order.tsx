import type { FieldMetadata, FormMetadata } from '@conform-to/react'
import { useState } from 'react'
import { Button as AriaButton } from 'react-aria-components/Button'
import { GridList, GridListItem } from 'react-aria-components/GridList'
import { useDragAndDrop } from 'react-aria-components/useDragAndDrop'
import { ArrowDownIcon, ArrowUpIcon, GripIcon, PlusIcon, TrashIcon } from '../ui/icons'
import { useHydrated } from '../ui/use-hydrated'
import { dropMove, stepMove } from './reorder'
import { StatusName } from './status-dot'
import type { StatusRow } from './statuses-table'
import { useWorkflowT } from './use-workflow-t'

interface StatusOrderProps {
  // biome-ignore lint/suspicious/noExplicitAny: the form's own value type is not needed here
  form: FormMetadata<any, string[]>
  meta: FieldMetadata<string[] | undefined>
  statuses: StatusRow[]
}

interface Entry {
  key: string
  index: number
  status: StatusRow
}

/**
 * A progress's statuses in order (the first is the initial status). Each entry posts as
 * `status_ids[i]`. Without JavaScript: up, down and remove are conform's intent buttons (a post the
 * action answers with the form as it now is), and "add" posts the chosen status as the list's next
 * entry. With it: the same steps at once in the browser, entries dragged into place (react-aria's
 * drag and drop on a GridList, by mouse, touch or keyboard), and choosing a status adds it.
 */
export function StatusOrder({ form, meta, statuses }: StatusOrderProps) {
  const { t } = useWorkflowT()
  const hydrated = useHydrated()
  const byId = new Map(statuses.map((s) => [s.id, s]))
  const list = meta.getFieldList()
  // An empty "add" entry posted without JavaScript comes back as an empty last entry: not shown.
  const entries = list.flatMap((f, index): Entry[] => {
    const status = typeof f.initialValue === 'string' ? byId.get(f.initialValue) : undefined
    return status ? [{ key: f.key ?? String(index), index, status }] : []
  })
  const chosen = new Set(entries.map((e) => e.status.id))
  const rest = statuses.filter((s) => !chosen.has(s.id))
  const errors = Object.values(meta.allErrors ?? {}).flat()
  const labelId = `${meta.id}-label`
  return (
    <div className="field status-order" data-invalid={errors.length > 0 || undefined}>
      <span className="field-label" id={labelId}>
        {t('progress.field.statuses')}
      </span>
      <p className="field-description">{hydrated ? t('progress.order_hint_js') : t('progress.order_hint')}</p>
      {entries.length === 0 ? (
        <p className="status-order-empty muted">{t('progress.no_statuses')}</p>
      ) : hydrated ? (
        <DraggableOrder form={form} name={meta.name} entries={entries} labelId={labelId} />
      ) : (
        <ol className="status-order-list" aria-labelledby={labelId}>
          {entries.map((e, i) => (
            <li key={e.key} className="status-order-item">
              <OrderEntry entry={e} position={i} count={entries.length} form={form} name={meta.name} />
            </li>
          ))}
        </ol>
      )}
      {errors.length > 0 ? (
        <p className="field-error" id={`${meta.id}-error`}>
          {[...new Set(errors)].map((code) => t(code)).join(' ')}
        </p>
      ) : null}
      {rest.length > 0 ? (
        <AddStatus form={form} name={meta.name} next={list.length} rest={rest} hydrated={hydrated} />
      ) : null}
    </div>
  )
}

interface EntryProps {
  entry: Entry
  position: number
  count: number
  // biome-ignore lint/suspicious/noExplicitAny: see StatusOrderProps
  form: FormMetadata<any, string[]>
  name: string
  /** With JavaScript: steps happen in the browser (react-aria buttons inside the grid row). */
  live?: boolean
}

/** One entry: its place, the status with its dot, and its up, down and remove buttons. */
function OrderEntry({ entry, position, count, form, name, live }: EntryProps) {
  const { t } = useWorkflowT()
  const up = stepMove(count, entry.index, -1)
  const down = stepMove(count, entry.index, 1)
  const status = entry.status.name
  const tools = [
    {
      key: 'up',
      label: t('progress.move_up', { name: status }),
      icon: ArrowUpIcon,
      disabled: position === 0 || !up,
      run: () => up && form.reorder({ name, ...up }),
      props: up ? form.reorder.getButtonProps({ name, ...up }) : {},
    },
    {
      key: 'down',
      label: t('progress.move_down', { name: status }),
      icon: ArrowDownIcon,
      disabled: position === count - 1 || !down,
      run: () => down && form.reorder({ name, ...down }),
      props: down ? form.reorder.getButtonProps({ name, ...down }) : {},
    },
    {
      key: 'remove',
      label: t('progress.remove', { name: status }),
      icon: TrashIcon,
      disabled: false,
      run: () => form.remove({ name, index: entry.index }),
      props: form.remove.getButtonProps({ name, index: entry.index }),
    },
  ]
  return (
    <>
      <input type="hidden" name={`${name}[${entry.index}]`} value={entry.status.id} />
      <span className="status-order-number" aria-hidden="true">
        {position + 1}
      </span>
      <StatusName name={entry.status.name} color={entry.status.color} />
      {position === 0 ? <span className="badge">{t('progress.initial')}</span> : null}
      <span className="status-order-tools">
        {tools.map(({ key, label, icon: Icon, disabled, run, props }) =>
          live ? (
            <AriaButton
              key={key}
              className={`icon-button${key === 'remove' ? ' icon-button-danger' : ''}`}
              aria-label={label}
              isDisabled={disabled}
              onPress={run}
            >
              <Icon width={14} height={14} />
            </AriaButton>
          ) : (
            <button
              key={key}
              {...props}
              formNoValidate
              className={`icon-button${key === 'remove' ? ' icon-button-danger' : ''}`}
              aria-label={label}
              title={label}
              disabled={disabled}
            >
              <Icon width={14} height={14} />
            </button>
          ),
        )}
      </span>
    </>
  )
}

function DraggableOrder({
  form,
  name,
  entries,
  labelId,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: see StatusOrderProps
  form: FormMetadata<any, string[]>
  name: string
  entries: Entry[]
  labelId: string
}) {
  const { t } = useWorkflowT()
  const keys = entries.map((e) => e.key)
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (dragged) =>
      [...dragged].map((key) => ({
        'text/plain': entries.find((e) => e.key === key)?.status.name ?? String(key),
      })),
    onReorder: (e) => {
      const moved = String([...e.keys][0])
      const drop = dropMove(keys, moved, String(e.target.key), e.target.dropPosition)
      // Indexes of the form's list (an empty "add" entry may sit at its end, never in between).
      if (drop) form.reorder({ name, from: entries[drop.from]!.index, to: entries[drop.to]!.index })
    },
  })
  return (
    <GridList
      aria-labelledby={labelId}
      className="status-order-list"
      dragAndDropHooks={dragAndDropHooks}
      selectionMode="none"
      data-testid="status-order"
    >
      {entries.map((e, i) => (
        <GridListItem key={e.key} id={e.key} textValue={e.status.name} className="status-order-item">
          <AriaButton
            slot="drag"
            className="status-order-grip"
            aria-label={t('progress.drag', { name: e.status.name })}
          >
            <GripIcon width={14} height={14} />
          </AriaButton>
          <OrderEntry entry={e} position={i} count={entries.length} form={form} name={name} live />
        </GridListItem>
      ))}
    </GridList>
  )
}

/** Adds a status at the end: chosen from those not in the progress yet. */
function AddStatus({
  form,
  name,
  next,
  rest,
  hydrated,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: see StatusOrderProps
  form: FormMetadata<any, string[]>
  name: string
  next: number
  rest: StatusRow[]
  hydrated: boolean
}) {
  const { t } = useWorkflowT()
  const [choice, setChoice] = useState('')
  const id = `${form.id}-add-status`
  return (
    <div className="status-order-add">
      <label className="visually-hidden" htmlFor={id}>
        {t('progress.add_status')}
      </label>
      <select
        id={id}
        // Without JavaScript the choice posts as the list's next entry.
        name={hydrated ? undefined : `${name}[${next}]`}
        className="input select"
        value={choice}
        onChange={(e) => setChoice(e.target.value)}
      >
        <option value="">{t('progress.choose_status')}</option>
        {rest.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
      {hydrated ? (
        <AriaButton
          className="button button-secondary"
          isDisabled={!choice}
          onPress={() => {
            form.insert({ name, defaultValue: choice })
            setChoice('')
          }}
        >
          <PlusIcon width={14} height={14} />
          {t('progress.add_status')}
        </AriaButton>
      ) : (
        <button
          {...form.validate.getButtonProps({ name })}
          formNoValidate
          className="button button-secondary"
        >
          <PlusIcon width={14} height={14} />
          {t('progress.add_status')}
        </button>
      )}
    </div>
  )
}
