import { formatDateTime } from '@domain/fields/dates'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CsrfInput } from '~/components/csrf-input'
import { Avatar } from '~/components/layout/avatar'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import type { CommentSegment } from '~/lib/tasks/mentions'

export interface CardComment {
  id: string
  author: string
  /** The author's picture (spec §3 user.logo), or null: their initials. */
  authorLogo: string | null
  created_at: string
  segments: CommentSegment[]
}

/** The task's comments, oldest first as a conversation reads, and a new one (@ + e-mail mentions). */
export function TaskComments({
  comments,
  canComment,
  errors,
}: {
  comments: CardComment[]
  canComment: boolean
  errors?: string[]
}) {
  const { t } = useTranslation()
  return (
    <section
      className="card task-section"
      id="comments"
      aria-labelledby="task-comments-title"
      data-testid="comments"
    >
      <h2 className="task-section-title" id="task-comments-title">
        {t('tasks.comments.title')}
        {comments.length ? <span className="task-count">{comments.length}</span> : null}
      </h2>
      {comments.length ? (
        <ol className="comment-list">
          {comments.map((c) => (
            <li key={c.id} className="comment" data-testid="comment">
              <div className="comment-head">
                <span className="comment-author">
                  {c.author ? (
                    <Avatar
                      name={c.author}
                      logo={c.authorLogo}
                      size={20}
                      className="person-avatar"
                      testId="comment-logo"
                    />
                  ) : null}
                  {c.author || t('tasks.card.someone')}
                </span>
                <time className="comment-time" dateTime={c.created_at}>
                  {formatDateTime(c.created_at)}
                </time>
              </div>
              <p className="comment-body">
                {c.segments.map((s, i) =>
                  'text' in s ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity but their place
                    <span key={i}>{s.text}</span>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: as above
                    <span key={i} className="mention" title={s.mention.raw} data-testid="mention">
                      @{s.mention.label}
                    </span>
                  ),
                )}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">{t('tasks.comments.empty')}</p>
      )}
      {canComment ? (
        <Form method="post" className="comment-form" preventScrollReset>
          <CsrfInput />
          <input type="hidden" name="intent" value="comment" />
          {errors?.length ? <Alert type="warning">{errors.map((e) => t(e)).join(' ')}</Alert> : null}
          <label className="visually-hidden" htmlFor="comment-body">
            {t('tasks.comments.label')}
          </label>
          <textarea
            id="comment-body"
            name="body"
            className="input comment-input"
            rows={3}
            required
            maxLength={10000}
            placeholder={t('tasks.comments.placeholder')}
          />
          <div className="form-actions">
            <Button type="submit" size="sm" data-testid="comment-submit">
              {t('tasks.comments.add')}
            </Button>
          </div>
        </Form>
      ) : null}
    </section>
  )
}
