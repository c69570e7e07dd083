import { isPlainObject } from '@domain/fields/checks'

/*
 * Initial values reach a component either as a form holds them (conform's text and lists of text)
 * or as they are stored (numbers, booleans, lists, objects): these read both into what inputs show.
 */

/** One value as input text: '' for nothing. */
export function textOf(v: unknown): string {
  if (typeof v === 'string') return v
  if (typeof v === 'number' || typeof v === 'bigint') return String(v)
  return ''
}

/** A list of values as text (a single value is a list of one). */
export function listOf(v: unknown): string[] {
  if (v === undefined || v === null || v === '') return []
  return (Array.isArray(v) ? v : [v]).map(textOf)
}

/** A group of values (an address, a json row). */
export function groupOf(v: unknown): Record<string, unknown> {
  return isPlainObject(v) ? v : {}
}

const TRUE = new Set(['on', 'true', '1'])

/** Ticked: true, or what a ticked box posts. */
export function isTicked(v: unknown): boolean {
  return v === true || v === 1 || (typeof v === 'string' && TRUE.has(v.trim().toLowerCase()))
}
