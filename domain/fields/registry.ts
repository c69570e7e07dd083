import { isBlank } from './checks'
import { kinds } from './kinds'
import type { FieldKind, FieldKindSpec, FieldType } from './types'

/*
 * The field-type registry (STYLE.md §7): the server half of each type, found by its name. The web
 * app's components register against the same names. Nothing else branches on a type's name.
 */

function complete(spec: FieldKindSpec<FieldType>): FieldKind {
  return {
    composite: false,
    isEmpty: isBlank,
    emptyValue: null,
    normalize: (raw) => raw.trim(),
    checkDefinition: () => [],
    ...spec,
  }
}

const byType = new Map<string, FieldKind>()
for (const spec of kinds) {
  // A second entry under one name would silently win; refuse it where it is made.
  if (byType.has(spec.type)) throw new Error(`Field type "${spec.type}" is registered twice`)
  byType.set(spec.type, complete(spec))
}

export function isFieldType(type: unknown): type is FieldType {
  return typeof type === 'string' && byType.has(type)
}

/** The type's entry. Throws for a name no entry has: definitions are checked when saved. */
export function getFieldType(type: string): FieldKind {
  const kind = byType.get(type)
  if (!kind) throw new Error(`Unknown field type "${type}"`)
  return kind
}

/** Every type, in the order of kinds/index.ts (the order a type picker shows them). */
export function listFieldTypes(): readonly FieldKind[] {
  return [...byType.values()]
}
