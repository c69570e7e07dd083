import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { NodeChoice } from '~/lib/node-switch.server'
import { CheckCircleIcon, ServerIcon } from '../ui/icons'

/**
 * The personal menu's nodes (spec §1 "node switch redirects to /lk", PRODUCT.md §10): each node the
 * user is bound to, the current one marked; another is a plain link to its own host's /lk — signed
 * in there when the session cookie reaches it, else its sign-in page, which comes back to /lk.
 */
export function NodeList({ nodes }: { nodes: NodeChoice[] }) {
  const { t } = useTranslation()
  return (
    <li className="node-list" data-testid="node-list">
      <span className="menu-heading" id="node-list-heading">
        {t('nodes.title')}
      </span>
      <ul className="menu" aria-labelledby="node-list-heading">
        {nodes.map((node) => (
          <li key={node.domain}>
            <NodeLink node={node} />
          </li>
        ))}
      </ul>
    </li>
  )
}

function NodeLink({ node }: { node: NodeChoice }) {
  const { t } = useTranslation()
  const content = (
    <>
      <ServerIcon className="menu-icon" width={16} height={16} aria-hidden="true" />
      <span className="menu-label node-name">{node.domain}</span>
      {node.current ? (
        <span className="node-mark">
          <CheckCircleIcon width={14} height={14} aria-hidden="true" />
          <span className="visually-hidden">{t('nodes.current')}</span>
        </span>
      ) : node.href && !node.signedIn ? (
        <span className="node-hint">{t('nodes.sign_in')}</span>
      ) : null}
    </>
  )
  const testId = `node-${node.domain}`
  if (node.current)
    return (
      <Link to={node.href ?? '/lk'} className="menu-link node-link" aria-current="true" data-testid={testId}>
        {content}
      </Link>
    )
  if (!node.href)
    return (
      <span
        className="menu-link menu-link-inert node-link"
        title={t('nodes.unreachable')}
        data-testid={testId}
      >
        {content}
      </span>
    )
  return (
    <a href={node.href} className="menu-link node-link" data-testid={testId}>
      {content}
    </a>
  )
}
