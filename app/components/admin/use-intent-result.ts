import type { SubmissionResult } from '@conform-to/react'
import { useActionData, useFetcher } from '@remix-run/react'

/** What an action answers a form it did not accept: which form (`intent`) and conform's reply. */
export interface FormReply {
  intent: string
  result: SubmissionResult<string[]>
}

/**
 * One form among several on a route. With JavaScript it posts through its own fetcher (no reload,
 * the dialog stays open); without, the page's action data is the answer. Either way the reply is
 * taken only if it is for this form's `intent`.
 */
export function useIntentResult(intent: string) {
  const fetcher = useFetcher<FormReply>()
  const actionData = useActionData<FormReply>()
  const fromFetcher = fetcher.data?.intent === intent ? fetcher.data.result : undefined
  const fromPage = actionData?.intent === intent ? actionData.result : undefined
  return {
    fetcher,
    lastResult: fetcher.state === 'idle' ? (fromFetcher ?? fromPage) : null,
    pending: fetcher.state !== 'idle',
  }
}
