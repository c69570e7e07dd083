import { asText, CODES, parser } from '../checks'
import { FILTERS } from '../filters'
import { basicSettings } from '../settings'
import type { FieldKindSpec } from '../types'

/*
 * A Russian phone number (spec §5 mask '+7 (###) ###-##-##'). Stored as '+7' and ten digits, so
 * the table's equality filter and integrations (tel: links, SMS) see one spelling; shown masked.
 */

const MASK = '+7 (###) ###-##-##'

/** Fills the mask's slots with the national digits, stopping after the last one typed. */
function mask(national: string): string {
  let out = ''
  let i = 0
  for (const c of MASK) {
    if (i === national.length && c === '#') break
    if (c === '#') out += national[i++]
    else if (i < national.length) out += c
  }
  return out
}

/**
 * What the input shows as the user types or pastes. '+7…' and eleven digits starting 7 or 8 carry
 * the country code; leading zeros are dropped, as no Russian area code starts with 0 — which is
 * how a lone '+0' becomes '+' (spec §5).
 */
export function maskPhone(raw: string): string {
  const s = raw.trim()
  const digits = s.replace(/\D/g, '')
  const withCountry = s.startsWith('+7') || (digits.length === 11 && /^[78]/.test(digits)) || digits === '7'
  const national = (withCountry ? digits.slice(1) : digits).replace(/^0+/, '').slice(0, 10)
  if (national === '') return withCountry ? '+7' : s.startsWith('+') ? '+' : ''
  return mask(national)
}

/** Strict on the server: a complete number in one of the spellings a person writes it. */
function parsePhone(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined
  const m = /^(?:\+7|8|7)?([1-9]\d{9})$/.exec(raw.replace(/[\s()-]/g, ''))
  return m ? `+7${m[1]}` : undefined
}

export const phone: FieldKindSpec<'phone'> = {
  type: 'phone',
  valueSchema: () => parser(parsePhone, CODES.phone),
  // What the mask leaves in an input the user emptied: '+', '+7', '+7 ('.
  isEmpty: (raw) => raw == null || (typeof raw === 'string' && /^\+?7?\s*\(?$/.test(raw.trim())),
  normalize: maskPhone,
  format: (v) => {
    const national = typeof v === 'string' ? parsePhone(v)?.slice(2) : undefined
    return national ? mask(national) : asText(v)
  },
  filter: FILTERS.equality,
  settingsFields: basicSettings('phone'),
}
