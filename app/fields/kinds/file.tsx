import { isPlainObject } from '@domain/fields/checks'
import { useEffect, useRef, useState } from 'react'
import { Button } from 'react-aria-components/Button'
import { FileTrigger } from 'react-aria-components/FileTrigger'
import { CloseIcon, PlusIcon } from '~/components/ui/icons'
import { useHydrated } from '~/components/ui/use-hydrated'
import { FieldFrame } from '../field-frame'
import { isEditable } from '../flags'
import { FileIcon } from '../icons'
import type { FieldProps, FileRef } from '../types'
import { useFieldsT } from '../use-fields-t'
import { FormNotice } from '../use-form-notice'

/** The references a value holds (a list, or one), as the domain stores them. */
export function filesOf(v: unknown): FileRef[] {
  const list = Array.isArray(v) ? v : v ? [v] : []
  return list.filter(
    (f): f is FileRef => isPlainObject(f) && typeof f.url === 'string' && typeof f.name === 'string',
  )
}

interface Pending {
  key: number
  name: string
}

/**
 * file: the files already uploaded, posted as references (`name[i].url`, `name[i].name`…); picking
 * files uploads each through `upload`, shown meanwhile as a loading entry (spec §4), which goes
 * when its upload ends or the value is replaced from outside. Without JavaScript the list posts
 * as it is; adding needs JavaScript.
 */
export function FileField(props: FieldProps) {
  const { def, name, id, label, errors } = props
  const { t } = useFieldsT()
  const hydrated = useHydrated()
  const [files, setFiles] = useState(() => filesOf(props.defaultValue))
  const [pending, setPending] = useState<Pending[]>([])
  const counter = useRef(0)
  const multiple = def.settings.multiple === true
  const editable = isEditable(props) && !props.loading
  const outside = JSON.stringify(props.defaultValue ?? null)
  // Spec §4: pending uploads clear when the model value changes (a new value from outside).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `outside` is the value, compared as text
  useEffect(() => {
    setFiles(filesOf(props.defaultValue))
    setPending([])
  }, [outside])

  const change = (next: FileRef[]) => {
    setFiles(next)
    props.onValueChange?.(next)
  }
  const pick = (list: FileList | null) => {
    if (!list || !props.upload) return
    const picked = multiple ? [...list] : [...list].slice(0, 1)
    for (const file of picked) {
      const key = ++counter.current
      setPending((p) => [...p, { key, name: file.name }])
      props
        .upload(file)
        .then((ref) => {
          setFiles((prev) => {
            const next = multiple ? [...prev, ref] : [ref]
            props.onValueChange?.(next)
            return next
          })
        })
        .catch(() => {})
        .finally(() => setPending((p) => p.filter((e) => e.key !== key)))
    }
  }
  const field = (i: number, key: keyof FileRef) => `${name}[${i}].${key}`
  return (
    <FieldFrame id={id} label={label} type={def.type} flags={props} errors={errors} def={def} group>
      <FormNotice name={name} value={files} />
      {files.flatMap((f, i) =>
        (['url', 'name', 'size', 'type'] as const)
          .filter((k) => f[k] !== undefined)
          .map((k) => <input key={field(i, k)} type="hidden" name={field(i, k)} value={String(f[k])} />),
      )}
      <ul className="ff-files" aria-live="polite">
        {files.map((f, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be listed twice
          <li key={`${f.url}-${i}`} className="ff-file">
            <FileIcon className="ff-muted-icon" />
            <a href={f.url} target="_blank" rel="noreferrer" className="ff-file-name">
              {f.name}
            </a>
            {hydrated && editable ? (
              <Button
                className="ff-icon-button"
                aria-label={t('fields.file.remove', { name: f.name })}
                onPress={() => change(files.filter((_, j) => j !== i))}
              >
                <CloseIcon width={14} height={14} />
              </Button>
            ) : null}
          </li>
        ))}
        {pending.map((p) => (
          <li key={`pending-${p.key}`} className="ff-file ff-file-pending" data-testid="file-pending">
            <span className="ff-spinner" aria-hidden="true" />
            <span className="ff-file-name">{t('fields.file.uploading', { name: p.name })}</span>
          </li>
        ))}
        {files.length === 0 && pending.length === 0 ? (
          <li className="ff-empty">{t('fields.file.empty')}</li>
        ) : null}
      </ul>
      {!hydrated ? (
        <p className="field-description">{t('fields.file.no_js')}</p>
      ) : props.upload && isEditable(props) ? (
        <FileTrigger allowsMultiple={multiple} onSelect={pick}>
          <Button id={id} className="button button-secondary button-sm" isDisabled={!editable}>
            <PlusIcon width={14} height={14} />
            {t('fields.file.add')}
          </Button>
        </FileTrigger>
      ) : null}
    </FieldFrame>
  )
}
