import { useEffect, useState } from 'react'

let hydrated = false

/**
 * False on the server and during hydration, true after: what progressive enhancement switches on.
 * The server's markup (and the first client render, which must match it) is the version that works
 * without JavaScript; pages opened after hydration get the enhanced one straight away.
 */
export function useHydrated(): boolean {
  const [value, setValue] = useState(hydrated)
  useEffect(() => {
    hydrated = true
    setValue(true)
  }, [])
  return value
}
