/** Local storage keys of spec §4 and §9: the token (`_t`) and the raw access token (`accessToken`). */
export const TOKEN_STORAGE_KEY = '_t'
export const ACCESS_TOKEN_STORAGE_KEY = 'accessToken'

/** Tells the next page, with JavaScript, to store the token in local storage or to clear it. */
export type ClientTokenSync = { set: string } | { clear: true }

export function storeClientToken(token: string) {
  try {
    localStorage.setItem(TOKEN_STORAGE_KEY, token)
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, token)
  } catch {
    // Storage can be disabled (private mode, policies); the HttpOnly cookie still signs the user in.
  }
}

export function clearClientToken() {
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY)
    localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY)
  } catch {}
}
