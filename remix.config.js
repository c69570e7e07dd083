import { flatRoutes } from 'remix-flat-routes'

/** Classic Remix compiler (the user's design card). Flat routes with `+` folders (STYLE.md §1). */
export default {
  ignoredRouteFiles: ['**/*'],
  serverModuleFormat: 'esm',
  serverDependenciesToBundle: [
    /^remix-i18next/,
    /^react-aria/,
    /^@react-aria/,
    /^@react-stately/,
    /^@internationalized/,
  ],
  browserNodeBuiltinsPolyfill: { modules: {} },
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
  routes: async (defineRoutes) =>
    flatRoutes('routes', defineRoutes, {
      ignoredRouteFiles: ['**/.*', '**/*.css', '**/*.test.{js,jsx,ts,tsx}', '**/__*.*', '**/*.server.*'],
    }),
}
