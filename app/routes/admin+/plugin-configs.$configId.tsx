import { findPlugin } from '@domain/plugins/catalogue'
import { configDefinitions } from '@domain/plugins/config-form'
import { Form, useLoaderData } from '@remix-run/react'
import { useMemo } from 'react'
import { DeleteSection } from '~/components/admin/delete-section'
import { DialogSection } from '~/components/admin/dialog-section'
import { ConfigForm } from '~/components/admin-plugins/config-form'
import { secretsSetOf } from '~/components/admin-plugins/config-form-model'
import { ConfigHistory } from '~/components/admin-plugins/config-history'
import { DeliveryLog } from '~/components/admin-plugins/delivery-log'
import { CONFIRM_DELETE, configPaths } from '~/components/admin-plugins/paths'
import { usePluginsT } from '~/components/admin-plugins/use-plugins-t'
import { CsrfInput } from '~/components/csrf-input'
import { Button } from '~/components/ui/button'
import { Dialog } from '~/components/ui/dialog'
import type { editLoader } from './__plugins.server'

export { editAction as action, editLoader as loader } from './__plugins.server'

/** /admin/plugin-configs/{id}: Editing — the settings, on or off, a test, the history, deleting. */
export default function EditPluginConfigDialog() {
  const { t } = usePluginsT()
  const { config, history, deliveries, query, confirming } = useLoaderData<typeof editLoader>()
  const here = configPaths.item(config.id, query)
  const plugin = findPlugin(config.plugin_id)
  const secretsSet = useMemo(() => secretsSetOf(config.settings), [config.settings])
  const definitions = useMemo(() => (plugin ? configDefinitions(plugin) : []), [plugin])
  return (
    <Dialog
      title={t('plugins.editing')}
      subtitle={
        <span className="dialog-subtitle-name">
          {config.name} · {plugin ? t(plugin.name) : config.plugin_id}
        </span>
      }
      closeHref={configPaths.list(query)}
      size="lg"
      data-testid="plugin-config-edit-dialog"
    >
      <DialogSection title={t('plugins.section.state')}>
        <Form method="post" action={here} className="plugin-row">
          <CsrfInput />
          <span
            className={config.enabled ? 'plugin-badge plugin-badge-on' : 'plugin-badge'}
            data-testid="config-state"
          >
            {config.enabled ? t('plugins.state.enabled') : t('plugins.state.disabled')}
          </span>
          <span className="muted">
            {config.enabled ? t('plugins.state.enabled_hint') : t('plugins.state.disabled_hint')}
          </span>
          <Button
            type="submit"
            name="intent"
            value={config.enabled ? 'disable' : 'enable'}
            variant="secondary"
            size="sm"
            data-testid="toggle-enabled"
          >
            {config.enabled ? t('plugins.disable') : t('plugins.enable')}
          </Button>
        </Form>
      </DialogSection>
      <DialogSection title={t('plugins.section.settings')}>
        <ConfigForm
          key={config.updated_at}
          pluginId={config.plugin_id}
          mode="edit"
          action={here}
          stored={config}
          secretsSet={secretsSet}
        />
      </DialogSection>
      {plugin?.test ? (
        <DialogSection title={t('plugins.section.test')} hint={t('plugins.test.hint')}>
          <Form method="post" action={here}>
            <CsrfInput />
            <Button type="submit" name="intent" value="test" variant="secondary" data-testid="send-test">
              {t('plugins.test.send')}
            </Button>
          </Form>
        </DialogSection>
      ) : null}
      {deliveries ? (
        <DialogSection title={t('plugins.section.log')} hint={t('plugins.log.hint')}>
          <DeliveryLog rows={deliveries} />
        </DialogSection>
      ) : null}
      <DialogSection title={t('plugins.section.history')}>
        <ConfigHistory entries={history} definitions={definitions} />
      </DialogSection>
      <DialogSection title={t('plugins.section.delete')}>
        <DeleteSection
          action={here}
          confirming={confirming}
          confirmHref={configPaths.item(config.id, query, CONFIRM_DELETE)}
          cancelHref={here}
          labels={{
            hint: t('plugins.delete.hint'),
            delete: t('plugins.delete'),
            title: t('plugins.delete.title', { name: config.name }),
            text: t('plugins.delete.text'),
            cancel: t('plugins.cancel'),
          }}
        />
      </DialogSection>
    </Dialog>
  )
}
