/** The SQLSTATE of a database error, whichever driver raised it (Drizzle wraps it as `cause`). */
export function sqlState(err: unknown): string | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined
  for (let i = 0; i < 4 && e; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code
    e = e.cause as typeof e
  }
  return undefined
}

export const UNIQUE_VIOLATION = '23505'
export const FOREIGN_KEY_VIOLATION = '23503'

/**
 * Runs a write (a whole transaction: PostgreSQL aborts it at the first error) and turns a
 * constraint the database caught into the catalogue error a service would have raised, had it seen
 * the conflict first: the services check, the constraints close the race between two requests.
 */
export async function mapConstraints<T>(
  act: () => Promise<T>,
  map: { unique?: () => Error; foreignKey?: () => Error },
): Promise<T> {
  try {
    return await act()
  } catch (err) {
    const state = sqlState(err)
    if (state === UNIQUE_VIOLATION && map.unique) throw map.unique()
    if (state === FOREIGN_KEY_VIOLATION && map.foreignKey) throw map.foreignKey()
    throw err
  }
}
