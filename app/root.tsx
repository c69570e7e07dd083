import { data, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  type MetaFunction,
  Outlet,
  Scripts,
  ScrollRestoration,
  useFetcher,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react'
import { type ReactNode, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useChangeLanguage } from 'remix-i18next/react'
import { ClientTokenSync } from './components/client-token-sync'
import { ErrorScreen } from './components/error-screen'
import { NodeThemeStyle } from './components/node-theme-style'
import { useNonce } from './components/nonce-provider'
import { AlertList } from './components/ui/alert-list'
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_STORAGE_KEY, textsUrl } from './i18n'
import { CSRF_ERROR } from './lib/csrf'
import { csrfToken } from './lib/csrf.server'
import { RESOURCES_VERSION } from './lib/i18n-resources.server'
import { i18next } from './lib/i18next.server'
import { nodeName } from './lib/node.server'
import { getNodeLook } from './lib/node-assets.server'
import { routes } from './lib/routes'
import { consumeFlash, getTheme } from './lib/session.server'
import { DEFAULT_THEME, isTheme } from './lib/theme'
import appStyles from './styles/app.css'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: appStyles }]

/** Spec §9: the node's favicon, or ours when it has none. */
export const FALLBACK_FAVICON = '/favicon.svg'

export const meta: MetaFunction = () => [{ title: 'Nodus' }]

/**
 * What every page needs: language, theme, the flash (alerts, local-storage sync), the CSRF token,
 * and the node's look (logo, favicon, theme version; its CSS goes into the page by entry.server).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const [locale, theme, flash, look] = await Promise.all([
    i18next.getLocale(request),
    getTheme(request),
    consumeFlash(request),
    getNodeLook(request),
  ])
  const csrf = csrfToken(request)
  const headers = new Headers()
  if (flash.setCookie) headers.append('Set-Cookie', flash.setCookie)
  if (csrf.setCookie) headers.append('Set-Cookie', csrf.setCookie)
  return data(
    {
      locale,
      theme,
      toasts: flash.toasts,
      clientToken: flash.clientToken,
      csrf: csrf.token,
      i18nVersion: RESOURCES_VERSION,
      node: {
        domain: nodeName(request),
        version: look?.version ?? null,
        logo: look?.logo ?? {},
        favicon: look?.favicon ?? FALLBACK_FAVICON,
        preloadFont: look?.preloadFont ?? null,
      },
    },
    { headers },
  )
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root')
  const nonce = useNonce()
  const { i18n } = useTranslation()
  // While a theme switch is on its way, show the theme it asked for.
  const themeFetcher = useFetcher({ key: 'theme' })
  const pendingTheme = themeFetcher.formData?.get('theme')
  const theme = isTheme(pendingTheme) ? pendingTheme : (root?.theme ?? DEFAULT_THEME)
  const locale = root?.locale ?? (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE)
  return (
    <html lang={locale} dir="ltr" data-theme={theme} data-i18n={root?.i18nVersion}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={theme} />
        {/* react-aria adds a <style> of its own and takes the nonce from here (the browser hides it from the markup). */}
        <meta name="csp-nonce" nonce={nonce || undefined} suppressHydrationWarning />
        <Meta />
        <link rel="icon" href={root?.node.favicon ?? FALLBACK_FAVICON} />
        {/* The texts the browser hydrates with (app/entry.client.tsx), fetched beside the scripts; a
            later page finds them in the cache. */}
        <link
          rel="preload"
          as="fetch"
          crossOrigin="anonymous"
          href={textsUrl(locale, root?.i18nVersion ?? '')}
        />
        {/* The theme's first face, wanted by the first paint, fetched before the style sheet asks. */}
        {root?.node.preloadFont ? (
          <link
            rel="preload"
            as="font"
            type={root.node.preloadFont.type}
            crossOrigin="anonymous"
            href={root.node.preloadFont.href}
          />
        ) : null}
        <Links />
        <NodeThemeStyle domain={root?.node.domain ?? ''} version={root?.node.version ?? null} />
      </head>
      <body>
        {children}
        {/* Spec §9: the context dropdown mounts here (app/components/ui/context-menu.tsx). */}
        <div id="app-root" />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  const { locale, toasts, clientToken } = useRouteLoaderData<typeof loader>('root')!
  useChangeLanguage(locale)
  useEffect(() => {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, locale)
    } catch {}
  }, [locale])
  return (
    <>
      <AlertList toasts={toasts} />
      <ClientTokenSync sync={clientToken} />
      <Outlet />
    </>
  )
}

/** The catalogue code a thrown answer carries (`{ detail: [{ type }] }`), if any. */
function errorCode(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error)) return undefined
  const detail = (error.data as { detail?: { type?: string }[] } | null)?.detail
  return Array.isArray(detail) ? detail[0]?.type : undefined
}

const isCsrfError = (error: unknown) => errorCode(error) === CSRF_ERROR

/** Never a stack trace: a translated page for what went wrong, with a way home. */
export function ErrorBoundary() {
  const error = useRouteError()
  const { t } = useTranslation()
  const status = isRouteErrorResponse(error) ? error.status : 500
  if (status === 404) {
    return (
      <ErrorScreen
        icon="compass"
        code="404"
        title={t('errors.page_not_found.title')}
        action={{ to: routes.home(), label: t('errors.page_not_found.action'), reloadDocument: true }}
      >
        <p>{t('errors.page_not_found.text')}</p>
      </ErrorScreen>
    )
  }
  if (status === 403 && isCsrfError(error)) {
    return (
      <ErrorScreen
        icon="lock"
        code="403"
        title={t('errors.csrf.title')}
        action={{ to: routes.home(), label: t('errors.generic.action'), reloadDocument: true }}
      >
        <p>{t('errors.csrf.text')}</p>
      </ErrorScreen>
    )
  }
  if (status === 413) {
    // A form or an upload over its route's body limit (ADR 026): nothing of it was kept.
    return (
      <ErrorScreen
        icon="server"
        code="413"
        title={t('request.too_large')}
        action={{ to: routes.home(), label: t('errors.generic.action'), reloadDocument: true }}
      >
        <p>{t('errors.too_large.text')}</p>
      </ErrorScreen>
    )
  }
  const unavailable = status === 502 || status === 503 || status === 504
  // A form the server could not read (app/lib/form.server.ts): its catalogue text.
  const unreadable = status === 400 && errorCode(error) === 'request.bad_form'
  return (
    <ErrorScreen
      icon="server"
      code={t('errors.status', { status })}
      title={t('errors.generic.title')}
      action={{ to: routes.home(), label: t('errors.generic.action'), reloadDocument: true }}
    >
      <p>
        {unavailable
          ? t('request.upstream_unavailable')
          : unreadable
            ? t('request.bad_form')
            : t('errors.generic.text')}
      </p>
    </ErrorScreen>
  )
}
