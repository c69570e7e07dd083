import type { FieldMetadata } from '@conform-to/react'
import { type KeyboardEvent, useId, useState } from 'react'
import { Button as AriaButton } from 'react-aria-components/Button'
import { Tag, TagGroup, TagList } from 'react-aria-components/TagGroup'
import { useTranslation } from 'react-i18next'
import { CloseIcon } from './icons'
import { joinTags, splitTags } from './tags'
import { useHydrated } from './use-hydrated'

interface TagFieldProps {
  /** A conform field holding the list as comma-separated text. */
  meta: FieldMetadata<string>
  label: string
  description?: string
  placeholder?: string
}

/**
 * A list of short values. Without JavaScript: one text input, values separated by commas. With it:
 * chips (react-aria TagGroup: arrow keys between them, Delete or × removes) and an input where Enter
 * or a comma adds what was typed, Backspace on an empty input takes the last chip back. Either way
 * the form posts one field, `name`, as comma-separated text, parsed by the same splitTags.
 */
export function TagField({ meta, label, description, placeholder }: TagFieldProps) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const inputId = useId()
  const descriptionId = useId()
  const errors = Object.values(meta.allErrors ?? {}).flat()
  const errorId = `${inputId}-error`
  const describedBy = [description ? descriptionId : null, errors.length ? errorId : null]
    .filter(Boolean)
    .join(' ')

  return (
    <div className="field tag-field" data-invalid={errors.length > 0 || undefined}>
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      {hydrated ? (
        <TagInput
          key={meta.key}
          name={meta.name}
          id={inputId}
          label={label}
          initial={splitTags(meta.initialValue)}
          placeholder={placeholder}
          describedBy={describedBy || undefined}
          invalid={errors.length > 0}
        />
      ) : (
        <input
          key={meta.key}
          id={inputId}
          name={meta.name}
          className="input"
          defaultValue={meta.initialValue ?? ''}
          placeholder={placeholder}
          aria-describedby={describedBy || undefined}
          aria-invalid={errors.length > 0 || undefined}
        />
      )}
      {description ? (
        <p className="field-description" id={descriptionId}>
          {description}
        </p>
      ) : null}
      {errors.length > 0 ? (
        <p className="field-error" id={errorId}>
          {[...new Set(errors)].map((code) => t(code)).join(' ')}
        </p>
      ) : null}
    </div>
  )
}

interface TagInputProps {
  name: string
  id: string
  label: string
  initial: string[]
  placeholder?: string
  describedBy?: string
  invalid: boolean
}

function TagInput({ name, id, label, initial, placeholder, describedBy, invalid }: TagInputProps) {
  const { t } = useTranslation()
  const [tags, setTags] = useState(initial)
  const [text, setText] = useState('')
  const add = (more: string[]) => setTags((prev) => splitTags(joinTags([...prev, ...more])))
  const commit = () => {
    if (!text.trim()) return
    add(splitTags(text))
    setText('')
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      // Enter adds the chip instead of submitting; an empty input lets Enter submit as usual.
      if (!text.trim()) return
      e.preventDefault()
      commit()
    } else if (e.key === 'Backspace' && text === '' && tags.length > 0) {
      e.preventDefault()
      setText(tags[tags.length - 1]!)
      setTags(tags.slice(0, -1))
    }
  }
  return (
    <div className="input tag-input" data-invalid={invalid || undefined}>
      {/* What the form posts: the chips and whatever is still being typed. */}
      <input type="hidden" name={name} value={joinTags([...tags, ...splitTags(text)])} />
      {tags.length > 0 ? (
        <TagGroup
          aria-label={label}
          onRemove={(keys) => setTags((prev) => prev.filter((tag) => !keys.has(tag)))}
          className="tag-group"
        >
          <TagList className="tag-list">
            {tags.map((tag) => (
              <Tag key={tag} id={tag} textValue={tag} className="tag">
                <span className="tag-text">{tag}</span>
                <AriaButton slot="remove" className="tag-remove" aria-label={t('tags.remove', { tag })}>
                  <CloseIcon width={11} height={11} />
                </AriaButton>
              </Tag>
            ))}
          </TagList>
        </TagGroup>
      ) : null}
      <input
        id={id}
        className="tag-input-text"
        value={text}
        placeholder={tags.length === 0 ? placeholder : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        autoComplete="off"
        onChange={(e) => {
          const value = e.target.value
          // A pasted or typed comma turns everything before it into chips.
          if (/[,\n]/.test(value)) {
            const parts = value.split(/[,\n]/)
            add(parts.slice(0, -1))
            setText(parts[parts.length - 1]!.trimStart())
          } else setText(value)
        }}
        onKeyDown={onKeyDown}
        onBlur={commit}
      />
    </div>
  )
}
