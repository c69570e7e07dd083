/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// Single fetch (remix.config.js future.v3_singleFetch): loaders' types as the browser receives them.
import '@remix-run/node'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}
