import { createContext, useContext } from 'react'

/** The per-request CSP nonce, set by entry.server.tsx; empty in the browser (never needed there). */
const NonceContext = createContext<string>('')

export const NonceProvider = NonceContext.Provider

export function useNonce(): string {
  return useContext(NonceContext)
}
