import type { Db, Tx } from './client'

/** A transaction, not the pool: its statements share one connection. */
export const inTransaction = (db: Db | Tx): db is Tx => 'rollback' in db

type Thunks<T extends readonly unknown[]> = { [K in keyof T]: () => PromiseLike<T[K]> }

/**
 * Independent reads: side by side on the pool (each on a connection of its own), one after another
 * in a transaction. A transaction is one connection: node-postgres would queue them anyway, and it
 * refuses a query sent while another runs from pg@9 on (deprecated now). PGlite is one connection
 * too, and queues either way.
 */
export async function reads<T extends readonly unknown[]>(db: Db | Tx, ...thunks: Thunks<T>): Promise<T> {
  if (!inTransaction(db)) return (await Promise.all(thunks.map((f) => f()))) as unknown as T
  const out: unknown[] = []
  for (const f of thunks) out.push(await f())
  return out as unknown as T
}
