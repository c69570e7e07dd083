import { Link } from '@remix-run/react'
import { useAdminT } from './use-admin-t'

/** What the node's SSO plugin configuration is, as /admin/ui tells it. */
export interface SignInState {
  /** Its Editing dialog, or Add for the plugin when the node has none. */
  href: string
  state: 'enabled' | 'disabled' | 'none'
}

/**
 * The sign-in section of /admin/ui since migration 0018: the service centre and the token checks
 * are the Single sign-on plugin's settings now, edited in /admin/plugin-configs; this card says
 * so, whether it is on, and links there (a plain link: works without JavaScript).
 */
export function SignInPointer({ href, state }: SignInState) {
  const { t } = useAdminT()
  return (
    <section id="sign-in" className="aui-card" aria-labelledby="sign-in-title">
      <div className="aui-card-head">
        <div>
          <h2 id="sign-in-title" className="aui-card-title">
            {t('ui.sign_in.title')}
          </h2>
          <p className="aui-card-description">{t('ui.sign_in.moved')}</p>
        </div>
      </div>
      <p className="aui-hint" data-testid="sign-in-state">
        {t(`ui.sign_in.state.${state}`)}
      </p>
      <div className="aui-actions">
        <Link to={href} className="button button-secondary">
          {t(state === 'none' ? 'ui.sign_in.add_plugin' : 'ui.sign_in.open_plugin')}
        </Link>
      </div>
    </section>
  )
}
