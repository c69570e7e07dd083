import type { Right } from '@domain/rights/rights'
import { useTranslation } from 'react-i18next'
import { rightLabel } from './right-label'

/**
 * A user's effective rights as chips: the right's name, then its attributes (process keys, board
 * ids) — none meaning all of them (PRODUCT.md §3).
 */
export function RightsSummary({ rights }: { rights: Right[] }) {
  const { t } = useTranslation(['admin-users', 'common'])
  if (rights.length === 0) return <span className="muted">{t('users.rights.none')}</span>
  return (
    <ul className="chip-list">
      {rights.map((r) => (
        <li key={r.right_code} className="chip" data-right={r.right_code}>
          <span className="chip-label">{rightLabel(t, r.right_code)}</span>
          {r.attributes && r.attributes.length > 0 ? (
            <span className="chip-attrs">{r.attributes.join(', ')}</span>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
