import { Link } from '@remix-run/react'
import type { MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ChevronLeftIcon, ChevronRightIcon } from './icons'
import { pageItems } from './page-items'

interface PaginationProps {
  page: number
  totalPages: number
  /** The address of a page, keeping whatever else the list's URL holds (its search, for one). */
  hrefFor: (page: number) => string
  /** With JavaScript, a page change handled in place (a widget refetching) instead of navigating. */
  onPage?: (page: number) => void
  /** totalPages is a lower bound (a capped count): the last number reads "N+", and next goes past it. */
  more?: boolean
  className?: string
}

/**
 * Spec §4 and §9: arrows and page numbers change the page, at most 7 page buttons, an ellipsis that
 * is not clickable. Every button is a link, so paging works without JavaScript; nothing when there
 * is only one page.
 */
export function Pagination({ page, totalPages, hrefFor, onPage, more, className }: PaginationProps) {
  const { t } = useTranslation()
  if (totalPages <= 1 && !more) return null
  const current = Math.min(Math.max(1, page), totalPages)
  const last = more ? totalPages + 1 : totalPages
  const handle = (to: number) =>
    onPage
      ? (event: MouseEvent) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
          event.preventDefault()
          onPage(to)
        }
      : undefined
  const arrow = (to: number, kind: 'previous' | 'next') => {
    const label = t(`pagination.${kind}`)
    const glyph =
      kind === 'previous' ? (
        <ChevronLeftIcon width={15} height={15} />
      ) : (
        <ChevronRightIcon width={15} height={15} />
      )
    const disabled = to < 1 || to > last
    return disabled ? (
      <span className="pagination-item pagination-arrow" aria-disabled="true" title={label}>
        {glyph}
        <span className="visually-hidden">{label}</span>
      </span>
    ) : (
      <Link
        to={hrefFor(to)}
        className="pagination-item pagination-arrow"
        rel={kind === 'previous' ? 'prev' : 'next'}
        onClick={handle(to)}
        title={label}
      >
        {glyph}
        <span className="visually-hidden">{label}</span>
      </Link>
    )
  }
  return (
    <nav className={['pagination', className].filter(Boolean).join(' ')} aria-label={t('pagination.label')}>
      {arrow(current - 1, 'previous')}
      {pageItems(current, totalPages).map((item, i) =>
        item === 'ellipsis' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: an ellipsis has no identity but its place
          <span key={`gap-${i}`} className="pagination-item pagination-ellipsis" aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={item}
            to={hrefFor(item)}
            className="pagination-item"
            aria-current={item === current ? 'page' : undefined}
            onClick={handle(item)}
            aria-label={t('pagination.page', { page: item })}
          >
            {more && item === totalPages ? `${item}+` : item}
          </Link>
        ),
      )}
      {arrow(current + 1, 'next')}
    </nav>
  )
}
