import type { ThemeAssets } from './node-theme'

/**
 * The browser's cache of node themes (spec §4: "cached CSS and fonts load first from a local
 * indexed cache, then refresh if the version key differs"; §9: "Cache database has a single store").
 * IndexedDB database `nodus-cache`, its one object store `theme`, key = node domain, value =
 * { version, css, fonts }. The logic is written against a tiny storage interface so that it is
 * tested with an in-memory one.
 */

export const CACHE_DB = 'nodus-cache'
export const THEME_STORE = 'theme'

export interface ThemeStorage {
  get(domain: string): Promise<ThemeAssets | undefined>
  put(domain: string, value: ThemeAssets): Promise<void>
}

export function memoryStorage(initial: Record<string, ThemeAssets> = {}): ThemeStorage {
  const map = new Map(Object.entries(initial))
  return {
    get: async (domain) => map.get(domain),
    put: async (domain, value) => {
      map.set(domain, value)
    },
  }
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })
}

let db: Promise<IDBDatabase> | undefined

function openDb(): Promise<IDBDatabase> {
  db ??= new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(CACHE_DB, 1)
    open.onupgradeneeded = () => {
      if (!open.result.objectStoreNames.contains(THEME_STORE)) open.result.createObjectStore(THEME_STORE)
    }
    open.onsuccess = () => resolve(open.result)
    open.onerror = () => reject(open.error)
    open.onblocked = () => reject(new Error('IndexedDB blocked'))
  }).catch((error: unknown) => {
    db = undefined
    throw error
  })
  return db
}

export function indexedDbStorage(): ThemeStorage {
  return {
    async get(domain) {
      const tx = (await openDb()).transaction(THEME_STORE, 'readonly')
      const value = await request(tx.objectStore(THEME_STORE).get(domain))
      return isThemeAssets(value) ? value : undefined
    },
    async put(domain, value) {
      const tx = (await openDb()).transaction(THEME_STORE, 'readwrite')
      await request(tx.objectStore(THEME_STORE).put(value, domain))
    },
  }
}

function isThemeAssets(value: unknown): value is ThemeAssets {
  const v = value as ThemeAssets | null
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.version === 'string' &&
    typeof v.css === 'string' &&
    Array.isArray(v.fonts)
  )
}

export interface SyncResult {
  theme: ThemeAssets | null
  /** Where it came from: the cache (its version was current, or the network failed), or the network. */
  source: 'cache' | 'network' | 'none'
}

/**
 * The theme to show for `domain`, given the version the server says is current (`null` when the
 * server could not tell: its own look-up failed). The cached entry wins while its version is the
 * current one; otherwise the theme is fetched and stored. Any failure (no IndexedDB, private mode,
 * the network) is only logged, as spec §8 asks, and the cached theme, if any, is used.
 */
export async function syncTheme(
  storage: ThemeStorage,
  domain: string,
  currentVersion: string | null,
  fetchTheme: () => Promise<ThemeAssets>,
): Promise<SyncResult> {
  const cached = await storage.get(domain).catch((error: unknown) => {
    console.warn('[theme] cache unavailable', error)
    return undefined
  })
  if (cached && currentVersion !== null && cached.version === currentVersion) {
    return { theme: cached, source: 'cache' }
  }
  try {
    const fresh = await fetchTheme()
    await storage.put(domain, fresh).catch((error: unknown) => console.warn('[theme] not cached', error))
    return { theme: fresh, source: 'network' }
  } catch (error) {
    console.warn('[theme] refresh failed', error)
    return cached ? { theme: cached, source: 'cache' } : { theme: null, source: 'none' }
  }
}

/** The public assets of a node, through the web app's /api forwarding. */
export async function fetchNodeTheme(domain: string): Promise<ThemeAssets> {
  const res = await fetch(`/api/nodes/assets/${encodeURIComponent(domain)}`, {
    headers: { accept: 'application/json' },
    credentials: 'omit',
  })
  if (!res.ok) throw new Error(`assets answered ${res.status}`)
  const { data } = (await res.json()) as { data: ThemeAssets }
  return { version: data.version, css: data.css, fonts: data.fonts }
}
