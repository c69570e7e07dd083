import type { SubmissionResult } from '@conform-to/react'
import { Form, Link, useNavigation } from '@remix-run/react'
import { CsrfInput } from '~/components/csrf-input'
import { Button } from '../ui/button'
import { FormErrors } from '../ui/form-errors'
import { useBoardsT } from './use-boards-t'

/** A problem the import found (a catalogue entry: code, and where in the document). */
export interface ImportProblem {
  type: string
  msg?: string
  /** Where in the document (`widgets.0.query`), as the dry run says it… */
  path?: string
  /** …or as a refusal's detail entry says it. */
  loc?: (string | number)[]
  ctx?: Record<string, unknown>
}

/** What the dry run says the import would create. */
export interface ImportPreview {
  board: { name: string }
  widgets: { title: string; type: string }[]
  problems: ImportProblem[]
}

/** The Import dialog's answers: the check's errors, or the dry run's preview of the document. */
export type ImportReply =
  | { intent: 'check' | 'import'; result: SubmissionResult<string[]> }
  | { intent: 'check' | 'import'; preview: ImportPreview; text: string }

/**
 * Import, step one: a JSON file exported from a board (or its text pasted). Posted as a plain
 * multipart form, so it works without JavaScript; the action checks the document and asks the
 * upstream for a dry run.
 */
export function ImportUpload({
  action,
  cancelHref,
  result,
}: {
  action: string
  cancelHref: string
  result?: SubmissionResult<string[]>
}) {
  const { t } = useBoardsT()
  const pending = useNavigation().state === 'submitting'
  const errors = result?.error?.text ?? []
  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="form"
      data-testid="import-upload"
    >
      <CsrfInput />
      <input type="hidden" name="intent" value="check" />
      <FormErrors errors={result?.error?.[''] ?? undefined} id="import-errors" />
      <p className="field-hint">{t('admin_boards.import.hint')}</p>
      <div className="field">
        <label className="field-label" htmlFor="import-file">
          {t('admin_boards.import.file')}
        </label>
        <input
          id="import-file"
          className="input input-file"
          type="file"
          name="file"
          accept="application/json,.json"
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor="import-text">
          {t('admin_boards.import.text')}
        </label>
        <textarea
          id="import-text"
          className="input textarea import-text"
          name="text"
          rows={8}
          spellCheck={false}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={errors.length ? 'import-text-error' : undefined}
        />
        {errors.length ? (
          <p className="field-error" id="import-text-error" role="alert">
            {errors.map((c) => t(c)).join(' ')}
          </p>
        ) : null}
      </div>
      <div className="form-actions">
        <Link to={cancelHref} preventScrollReset className="button button-secondary">
          {t('workflow.cancel')}
        </Link>
        <Button type="submit" isPending={pending}>
          {t('admin_boards.import.check')}
        </Button>
      </div>
    </Form>
  )
}

/** A problem's text: its code's message with the entry's own placeholders, and where it is. */
function problemText(t: (key: string, o?: Record<string, unknown>) => string, p: ImportProblem) {
  const at = p.path ?? p.loc?.join('.')
  const where = at ? ` (${at})` : ''
  return `${t(p.type, { position: '?', field: '', ...p.ctx })}${where}`
}

/**
 * Import, step two: what the dry run would create (the board, its widgets) and its problems; with
 * none, Confirm posts the same document to import it for real.
 */
export function ImportConfirm({
  action,
  againHref,
  preview,
  text,
}: {
  action: string
  againHref: string
  preview: ImportPreview
  text: string
}) {
  const { t } = useBoardsT()
  const pending = useNavigation().state === 'submitting'
  const blocked = preview.problems.length > 0
  return (
    <div className="import-preview" data-testid="import-preview">
      <h3 className="dialog-section-title">{t('admin_boards.import.will_create')}</h3>
      <dl className="import-summary">
        <dt>{t('admin_boards.import.board')}</dt>
        <dd data-testid="import-board">{preview.board.name}</dd>
        <dt>{t('admin_boards.import.widgets', { count: preview.widgets.length })}</dt>
        <dd>
          <ul className="chip-list" data-testid="import-widgets">
            {preview.widgets.map((w, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a static list; two widgets may share a title
              <li key={`${i}-${w.title}`} className="chip">
                {w.title} · {t(`admin_widgets.type.${w.type}`, { defaultValue: w.type })}
              </li>
            ))}
          </ul>
        </dd>
      </dl>
      <h3 className="dialog-section-title">{t('admin_boards.import.problems')}</h3>
      {blocked ? (
        <ul className="import-problems" data-testid="import-problems">
          {preview.problems.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a static list; one code may repeat
            <li key={`${i}-${p.type}`} className="field-error" data-code={p.type}>
              {problemText(t, p)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted" data-testid="import-no-problems">
          {t('admin_boards.import.no_problems')}
        </p>
      )}
      <Form method="post" action={action} className="form-actions">
        <CsrfInput />
        <input type="hidden" name="intent" value="import" />
        <input type="hidden" name="text" value={text} />
        <Link to={againHref} preventScrollReset className="button button-secondary">
          {t('admin_boards.import.again')}
        </Link>
        {blocked ? (
          <p className="muted">{t('admin_boards.import.blocked')}</p>
        ) : (
          <Button type="submit" isPending={pending} data-testid="import-confirm">
            {t('admin_boards.import.confirm')}
          </Button>
        )}
      </Form>
    </div>
  )
}
