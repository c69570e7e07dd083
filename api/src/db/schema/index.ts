/*
 * The database schema, one file per area so that areas grow without touching each other.
 * drizzle-kit reads this file (api/drizzle.config.ts); add a new area's file to the exports below.
 */
export * from './boards'
export * from './core'
export * from './events'
export * from './fields'
export * from './notifications'
export * from './plugins'
export * from './queries'
export * from './tasks'
export * from './workflow'
