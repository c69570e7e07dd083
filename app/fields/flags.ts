import type { FieldFlags } from './types'

/*
 * What the flags of spec §4/§5 decide, in one place so that every field type behaves alike.
 */

/** Neither disabled nor read-only: the user may change it (spec §5's "editable"). */
export const isEditable = (f: FieldFlags): boolean => !f.disabled && !f.readonly

/** Switch, radio and checkbox do nothing while disabled, read-only or loading (spec §4). */
export const isInert = (f: FieldFlags): boolean => Boolean(f.disabled || f.readonly || f.loading)

/** The error list: only when there are errors and the field is editable (spec §5). */
export const showsErrors = (errors: readonly string[] | undefined, f: FieldFlags): boolean =>
  (errors?.length ?? 0) > 0 && isEditable(f)

/** The clear button: clearable, non-empty, editable (spec §5) — and not while it is loading. */
export const showsClear = (empty: boolean, f: FieldFlags): boolean =>
  Boolean(f.clearable) && !empty && isEditable(f) && !f.loading
