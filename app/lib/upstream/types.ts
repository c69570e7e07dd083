import type { components } from './schema'

/**
 * A schema of the upstream's contract by its component name (`Schema<'Status'>`), for code on
 * either side of the bundle: the wire shapes are declared once, in api/openapi.json (STYLE.md §17).
 */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name]
