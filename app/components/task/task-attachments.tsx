import { formatDateTime } from '@domain/fields/dates'
import { Form, Link, useFetcher } from '@remix-run/react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CsrfInput } from '~/components/csrf-input'
import { Avatar } from '~/components/layout/avatar'
import { Button } from '~/components/ui/button'
import { useHydrated } from '~/components/ui/use-hydrated'
import { attachmentsView, formatSize, isImageName } from '~/lib/tasks/attachments'

/**
 * The row's square: the upstream's thumbnail when it made one (a PNG, JPEG, GIF or WebP image);
 * an SVG named as a picture (spec §9) is its own thumbnail; anything else, an image that could not
 * be decoded among them, is a file glyph — never the full-size file, which may weigh megabytes.
 */
function AttachmentPicture({ attachment: a }: { attachment: CardAttachment }) {
  const src = a.thumb ?? (isImageName(a.name) && a.content_type === 'image/svg+xml' ? a.href : null)
  return src ? <img src={src} alt="" loading="lazy" data-testid="attachment-picture" /> : <FileGlyph />
}

export interface CardAttachment {
  id: string
  name: string
  size: number
  content_type: string
  href: string
  /** The thumbnail through the /api forwarding, when the upstream made one. */
  thumb: string | null
  /** The uploader's full name (spec §3 attachment user.full_name); empty when the user is gone. */
  user: string
  /** The uploader's logo (spec §3 user.logo) through the /api forwarding; null: their initials. */
  userLogo: string | null
  created_at: string
}

/**
 * The card's attachments (spec §2 forms, §4): newest first, the latest 3 until show more (with
 * JavaScript a toggle, without it a link to ?attachments=all), hidden when there are none. The
 * upload is a multipart form that posts without JavaScript (the action streams it to the upstream);
 * with JavaScript it goes through a fetcher and shows a loading entry, and the new file's row
 * animates in (the animation starts after 100 ms).
 */
export function TaskAttachments({
  attachments,
  expandAll,
  canEdit,
  uploadAction,
}: {
  attachments: CardAttachment[]
  expandAll: boolean
  canEdit: boolean
  uploadAction: string
}) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [expanded, setExpanded] = useState(expandAll)
  const fetcher = useFetcher()
  const formRef = useRef<HTMLFormElement>(null)
  // The ids listed when an upload started: rows not among them are the ones that just arrived.
  const [before, setBefore] = useState<ReadonlySet<string> | null>(null)
  const uploading = fetcher.state !== 'idle'
  const pending = uploading ? fetcher.formData?.get('file') : null
  const pendingName = pending && typeof pending === 'object' ? pending.name : null

  // Cleared when an upload ends, not on mount: a file chosen before the page hydrated stays chosen.
  const wasUploading = useRef(false)
  useEffect(() => {
    if (wasUploading.current && !uploading) formRef.current?.reset()
    wasUploading.current = uploading
  }, [uploading])

  const view = attachmentsView(attachments, expanded)
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const file = data.get('file')
    if (!file || typeof file === 'string' || file.size === 0) return
    setBefore(new Set(attachments.map((a) => a.id)))
    fetcher.submit(data, { method: 'post', encType: 'multipart/form-data', action: uploadAction })
  }

  return (
    <section className="card task-section" aria-labelledby="task-attachments-title" data-testid="attachments">
      <h2 className="task-section-title" id="task-attachments-title">
        {t('tasks.attachments.title')}
        {attachments.length ? <span className="task-count">{attachments.length}</span> : null}
      </h2>
      {view.empty && !pendingName ? null : (
        <ul className="attachment-list" data-expanded={String(!view.hidden)}>
          {pendingName ? (
            <li className="attachment-row" data-state="loading" data-testid="attachment-loading">
              <span className="attachment-thumb" aria-hidden="true">
                <span className="ff-spinner" />
              </span>
              <span className="attachment-main">
                <span className="attachment-name">{pendingName}</span>
                <span className="attachment-meta">{t('tasks.attachments.loading')}</span>
              </span>
            </li>
          ) : null}
          {view.shown.map((a) => (
            <li
              key={a.id}
              className="attachment-row"
              data-state={before && !before.has(a.id) ? 'loaded' : 'idle'}
              data-testid="attachment"
            >
              <span className="attachment-thumb" aria-hidden="true">
                <AttachmentPicture attachment={a} />
              </span>
              <span className="attachment-main">
                <a className="attachment-name" href={a.href} download={a.name}>
                  {a.name}
                </a>
                <span className="attachment-meta">
                  {a.user ? (
                    <span className="attachment-user" data-testid="attachment-user">
                      <Avatar
                        name={a.user}
                        logo={a.userLogo}
                        size={18}
                        className="attachment-avatar"
                        testId="attachment-logo"
                      />
                      {a.user}
                    </span>
                  ) : null}
                  <span>{[formatSize(a.size), formatDateTime(a.created_at)].join(' · ')}</span>
                </span>
              </span>
              {canEdit ? (
                <Form method="post" className="attachment-delete">
                  <CsrfInput />
                  <input type="hidden" name="intent" value="delete-attachment" />
                  <input type="hidden" name="attachment_id" value={a.id} />
                  <Button
                    type="submit"
                    variant="ghost"
                    size="sm"
                    aria-label={t('tasks.attachments.delete_named', { name: a.name })}
                  >
                    {t('tasks.attachments.delete')}
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {view.collapsible ? (
        hydrated ? (
          <button
            type="button"
            className="link-button"
            onClick={() => setExpanded((e) => !e)}
            data-testid="attachments-toggle"
          >
            {expanded
              ? t('tasks.attachments.show_less')
              : t('tasks.attachments.show_more', { count: view.hidden })}
          </button>
        ) : (
          <Link
            className="link-button"
            to={expanded ? '?' : '?attachments=all'}
            preventScrollReset
            data-testid="attachments-toggle"
          >
            {expanded
              ? t('tasks.attachments.show_less')
              : t('tasks.attachments.show_more', { count: view.hidden })}
          </Link>
        )
      ) : null}
      {canEdit ? (
        <form
          ref={formRef}
          method="post"
          encType="multipart/form-data"
          action={uploadAction}
          className="attachment-upload"
          onSubmit={hydrated ? onSubmit : undefined}
        >
          <label className="visually-hidden" htmlFor="attachment-file">
            {t('tasks.attachments.choose')}
          </label>
          <input id="attachment-file" type="file" name="file" required className="attachment-file" />
          <Button
            type="submit"
            variant="secondary"
            size="sm"
            isDisabled={uploading}
            data-testid="attachment-upload"
          >
            {t('tasks.attachments.upload')}
          </Button>
        </form>
      ) : null}
    </section>
  )
}

function FileGlyph() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5" />
    </svg>
  )
}
