import { withWidgetParams } from '@domain/widgets/params'
import { Await, useFetcher, useLocation, useNavigate } from '@remix-run/react'
import { type ReactNode, Suspense, useCallback, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { type AnswerLog, foldResults, logAnswer } from '~/widgets/merge'
import { getWidgetComponent } from '~/widgets/registry'
import type { ParamsChange, TaskMenuRequest, WidgetInfo, WidgetResult } from '~/widgets/types'
import { type BoardDataAnswer, boardDataUrl } from './board-data'

interface WidgetFrameProps {
  boardId: string
  widget: WidgetInfo
  /** The page loader's promise of this widget's data (streamed into the first HTML). */
  initial: Promise<WidgetResult> | undefined
  /** When the page loader asked (ms). */
  initialAt: number
  /** The board's refresh and live answers for this widget, in the order they were asked. */
  refresh: AnswerLog | undefined
  hydrated: boolean
  onTaskMenu?: TaskMenuRequest
  /** The frame's header tools (the ⋯ button). */
  tools?: ReactNode
}

/** This widget's own fetcher: kept across remounts (the editor's grid) by its key. */
export const widgetFetcherKey = (boardId: string, widgetId: string) => `widget:${boardId}:${widgetId}`

/**
 * One widget on the board: its title, its tools, and its body. The body waits for the page
 * loader's promise (<Suspense>/<Await>: the server streams it into the first HTML as soon as it is
 * ready, one slow widget holding no other back); later answers — this widget's own fetch after a
 * page, filter or day changed, or the board's refresh — replace it, the newest winning.
 */
export function WidgetFrame({
  boardId,
  widget,
  initial,
  initialAt,
  refresh,
  hydrated,
  onTaskMenu,
  tools,
}: WidgetFrameProps) {
  const { t } = useTranslation()
  const location = useLocation()
  const navigate = useNavigate()
  const own = useFetcher<BoardDataAnswer>({ key: widgetFetcherKey(boardId, widget.id) })
  const search = useMemo(() => new URLSearchParams(location.search), [location.search])
  // This widget's own answers kept, not only the last: a kanban's refetch of two columns after a
  // move must not drop the "show more" pages its previous whole answer brought.
  const ownLog = useRef<AnswerLog>([])
  const mine = own.data?.data[widget.id]
  if (own.data && mine) ownLog.current = logAnswer(ownLog.current, own.data.at, mine)

  const onParams: ParamsChange = useCallback(
    (params, opts) => {
      const next = withWidgetParams(search, widget.id, params, opts)
      const qs = next.toString()
      // The URL keeps the change (a reload or a shared link shows the same); only this widget refetches.
      if (!opts?.fetchOnly || Object.keys(params).length)
        navigate({ search: qs ? `?${qs}` : '' }, { replace: true, preventScrollReset: true })
      const asked = opts?.fetchOnly ? withWidgetParams(next, widget.id, opts.fetchOnly) : next
      own.load(boardDataUrl(boardId, asked, [widget.id]))
    },
    [search, widget.id, navigate, own.load, boardId],
  )

  const pending = own.state === 'loading'
  return (
    <article
      className="board-widget"
      data-testid="board-widget"
      data-widget-id={widget.id}
      data-widget-type={widget.type}
      aria-busy={pending || undefined}
      aria-labelledby={`widget-title-${widget.id}`}
    >
      <header className="board-widget-header">
        <h2 className="board-widget-title" id={`widget-title-${widget.id}`}>
          {widget.title}
        </h2>
        {tools}
      </header>
      <div className="board-widget-body">
        <Suspense fallback={<WidgetLoading />}>
          <Await resolve={initial ?? Promise.resolve(undefined)} errorElement={<WidgetFailed />}>
            {(first: WidgetResult | undefined) => {
              // In the order asked, the newest whole answer wins; a kanban's refetch of some columns
              // goes over what was asked before it (merge.ts), whichever came back first.
              const result = foldResults([
                ...(first ? [[initialAt, first] as const] : []),
                ...(refresh ?? []),
                ...ownLog.current,
              ])
              return (
                <WidgetBody
                  widget={widget}
                  result={result}
                  search={search}
                  onParams={hydrated ? onParams : undefined}
                  onTaskMenu={hydrated ? onTaskMenu : undefined}
                />
              )
            }}
          </Await>
        </Suspense>
      </div>
      {pending ? <span className="visually-hidden">{t('board.loading')}</span> : null}
    </article>
  )
}

function WidgetBody({
  widget,
  result,
  search,
  onParams,
  onTaskMenu,
}: {
  widget: WidgetInfo
  result: WidgetResult | undefined
  search: URLSearchParams
  onParams?: ParamsChange
  onTaskMenu?: TaskMenuRequest
}) {
  const { t } = useTranslation()
  if (!result) return <WidgetFailed />
  if (result.error) {
    return (
      <p className="board-widget-error" data-testid="widget-error">
        {t(result.error.type, { defaultValue: t('board.widget_failed') })}
      </p>
    )
  }
  const Component = getWidgetComponent(result.type)
  if (!Component) {
    return <p className="board-widget-error">{t('widgets.unknown_type')}</p>
  }
  return (
    <Component
      widget={widget}
      data={result.data}
      search={search}
      onParams={onParams}
      onTaskMenu={onTaskMenu}
    />
  )
}

function WidgetLoading() {
  const { t } = useTranslation()
  return (
    <div className="board-widget-loading" role="status">
      <span className="board-spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('board.loading')}</span>
    </div>
  )
}

function WidgetFailed() {
  const { t } = useTranslation()
  return (
    <p className="board-widget-error" data-testid="widget-error">
      {t('board.widget_failed')}
    </p>
  )
}
