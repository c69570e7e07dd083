import type { MetaFunction } from '@remix-run/react'

/** `<title>`: the page's title from its loader, then the product. */
export const titleMeta: MetaFunction = ({ data }) => {
  const title = (data as { title?: unknown } | undefined)?.title
  return [{ title: typeof title === 'string' && title ? `${title} · Nodus` : 'Nodus' }]
}
