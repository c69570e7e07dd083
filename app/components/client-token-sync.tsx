import { useEffect } from 'react'
import type { ClientTokenSync as Sync } from '~/lib/client-token'
import { clearClientToken, storeClientToken } from '~/lib/client-token'

/**
 * With JavaScript, mirrors the session into local storage as spec §4 asks (`_t` and `accessToken`).
 * The server decides: after sign-in the flash carries the token once; after sign-out (or any 401) it
 * carries `clear`. Without JavaScript there is no local storage to keep, and the cookie is enough.
 */
export function ClientTokenSync({ sync }: { sync: Sync | null }) {
  useEffect(() => {
    if (!sync) return
    if ('set' in sync) storeClientToken(sync.set)
    else clearClientToken()
  }, [sync])
  return null
}
