export * from './definition'
export * from './moves'
export * from './process-key'
export type * from './types'
