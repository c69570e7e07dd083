/** Right codes (PRODUCT.md §3). Task rights take process keys as attributes, board_view board ids. */
export const RIGHT_CODES = [
  'is_authorized',
  'is_admin',
  'task_create',
  'task_view',
  'task_edit',
  'board_view',
] as const
export type RightCode = (typeof RIGHT_CODES)[number]

/** A user's rights in one node: code → attributes, where `null` means "all". */
export type RightsMap = Partial<Record<string, string[] | null>>

export interface Right {
  right_code: string
  attributes?: string[] | null
}

/** Merges rights from the user and their teams: no attributes anywhere wins ("all"). */
export function mergeRights(rights: Right[]): RightsMap {
  const map: RightsMap = {}
  for (const r of rights) {
    const attrs = r.attributes && r.attributes.length > 0 ? r.attributes : null
    const prev = map[r.right_code]
    if (prev === undefined) map[r.right_code] = attrs ? [...attrs] : null
    else if (prev === null || attrs === null) map[r.right_code] = null
    else map[r.right_code] = [...new Set([...prev, ...attrs])]
  }
  return map
}

/** Spec §6: passes if the user has the code; with an attribute, it must be in the list (or the list be "all"). */
export function hasRight(rights: RightsMap, code: string, attribute?: string): boolean {
  const attrs = rights[code]
  if (attrs === undefined) return false
  if (attribute === undefined || attrs === null) return true
  return attrs.includes(attribute)
}
