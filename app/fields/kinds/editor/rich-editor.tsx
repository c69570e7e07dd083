import { htmlToText } from '@domain/fields/kinds/editor'
import { sanitizeRichText } from '@domain/fields/rich-text'
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { ClearButton, errorIdOf, FieldFrame, labelIdOf } from '../../field-frame'
import { isEditable, showsErrors } from '../../flags'
import type { FieldProps } from '../../types'
import { useFieldsT } from '../../use-fields-t'
import { useFormNotice } from '../../use-form-notice'
import { textOf } from '../../values'
import { activeOf, COMMANDS, type CommandId, exec, run, textToHtml } from './commands'

/**
 * The editor with JavaScript: a toolbar over a contenteditable region. The region's HTML, cleaned
 * to the whitelist (domain/fields/rich-text.ts), is kept in a hidden input under `name`, which
 * tells the form about each change (useFormNotice) so conform validates it like a native input.
 */
export function RichEditor(props: FieldProps) {
  const { def, name, id, label, errors } = props
  const { t } = useFieldsT()
  const region = useRef<HTMLDivElement>(null)
  // The region's first content, set once: React must never rewrite what the user is editing.
  const [initial] = useState(() => ({ __html: sanitizeRichText(textOf(props.defaultValue)) }))
  const [html, setHtml] = useState(initial.__html)
  const [active, setActive] = useState<Set<CommandId>>(() => new Set())
  const hidden = useFormNotice<HTMLInputElement>(html)
  const locked = Boolean(props.disabled || props.readonly || props.loading)
  const invalid = showsErrors(errors, props)
  const empty = htmlToText(html) === ''

  const sync = () => {
    const el = region.current
    if (!el) return
    const next = sanitizeRichText(el.innerHTML)
    if (next !== html) {
      setHtml(next)
      props.onValueChange?.(next)
    }
    setActive(activeOf(el))
  }

  // The toolbar follows the selection.
  useEffect(() => {
    const update = () => region.current && setActive(activeOf(region.current))
    document.addEventListener('selectionchange', update)
    return () => document.removeEventListener('selectionchange', update)
  }, [])

  const command = (cmd: CommandId) => {
    const el = region.current
    if (!el || locked) return
    el.focus()
    run(cmd, el, (current) => window.prompt(t('fields.editor.link_prompt'), current))
    sync()
  }
  const keyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return
    const cmd = COMMANDS.find((c) => c.key === e.key.toLowerCase())
    if (!cmd) return
    e.preventDefault()
    command(cmd.id)
  }
  const paste = (e: ClipboardEvent<HTMLDivElement>) => {
    e.preventDefault()
    if (locked) return
    const rich = e.clipboardData.getData('text/html')
    exec('insertHTML', rich ? sanitizeRichText(rich) : textToHtml(e.clipboardData.getData('text/plain')))
    sync()
  }
  const clear = () => {
    if (region.current) region.current.innerHTML = ''
    sync()
  }

  return (
    <FieldFrame id={id} label={label} type={def.type} flags={props} errors={errors} def={def}>
      <input type="hidden" name={name} value={html} ref={hidden} disabled={props.disabled} />
      <div className="ff-editor" data-locked={locked || undefined}>
        <div
          className="ff-editor-toolbar"
          role="toolbar"
          aria-label={`${t('fields.editor.toolbar')}: ${label}`}
          aria-controls={id}
        >
          {COMMANDS.map((c) => (
            <button
              key={c.id}
              type="button"
              className="ff-editor-button"
              aria-label={t(c.label)}
              title={c.key ? `${t(c.label)} (Ctrl+${c.key.toUpperCase()})` : t(c.label)}
              aria-keyshortcuts={
                c.key ? `Control+${c.key.toUpperCase()} Meta+${c.key.toUpperCase()}` : undefined
              }
              aria-pressed={c.toggle ? active.has(c.id) : undefined}
              disabled={locked}
              // Keep the selection in the region: the command works on it.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => command(c.id)}
              data-command={c.id}
            >
              {c.icon}
            </button>
          ))}
        </div>
        <div className="ff-control">
          <div
            ref={region}
            id={id}
            className="input ff-editor-region"
            role="textbox"
            tabIndex={props.disabled ? -1 : 0}
            aria-multiline="true"
            aria-labelledby={labelIdOf(id)}
            aria-describedby={invalid ? errorIdOf(id) : undefined}
            aria-invalid={invalid || undefined}
            aria-readonly={props.readonly || props.loading || undefined}
            aria-disabled={props.disabled || undefined}
            aria-required={(def.settings.required === true && isEditable(props)) || undefined}
            aria-placeholder={props.placeholder ?? def.settings.placeholder}
            data-placeholder={props.placeholder ?? def.settings.placeholder}
            data-empty={empty || undefined}
            contentEditable={!locked}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned by sanitizeRichText (the whitelist)
            dangerouslySetInnerHTML={initial}
            onInput={sync}
            onBlur={sync}
            onKeyDown={keyDown}
            onKeyUp={() => region.current && setActive(activeOf(region.current))}
            onPaste={paste}
            onFocus={() => exec('defaultParagraphSeparator', 'p')}
            data-testid="editor-region"
          />
          <div className="ff-adornments ff-adornments-top">
            <ClearButton empty={empty} flags={props} onClear={clear} label={label} />
          </div>
        </div>
      </div>
    </FieldFrame>
  )
}
