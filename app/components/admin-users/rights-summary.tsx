import { RIGHT_CODES, type Right } from '@domain/rights/rights'
import { rightLabel } from './right-label'
import { useAdminUsersT } from './use-admin-users-t'

/**
 * A user's effective rights as chips: the right's name, then its attributes (process keys, board
 * ids) — none meaning all of them (PRODUCT.md §3).
 */
export function RightsSummary({ rights }: { rights: Right[] }) {
  const { t } = useAdminUsersT()
  if (rights.length === 0) return <span className="muted">{t('users.rights.none')}</span>
  return (
    <ul className="chip-list">
      {byCode(rights).map((r) => (
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

/** In the order of RIGHT_CODES (access, admin, then task and board rights); unknown codes last. */
export function byCode<R extends { right_code: string }>(rights: R[]): R[] {
  const rank = (code: string) => {
    const i = (RIGHT_CODES as readonly string[]).indexOf(code)
    return i === -1 ? RIGHT_CODES.length : i
  }
  return [...rights].sort(
    (a, b) => rank(a.right_code) - rank(b.right_code) || a.right_code.localeCompare(b.right_code),
  )
}
