import { RIGHT_CODES } from '@domain/rights/rights'
import { describe, expect, it } from 'vitest'
import { SUPPORTED_LANGUAGES } from '~/i18n'
import { resources } from '~/lib/i18n-resources.server'

describe('admin-users locales', () => {
  it.each(SUPPORTED_LANGUAGES)('%s names every right code (keys built at run time)', (lng) => {
    const texts = resources[lng]['admin-users'] as Record<string, string>
    expect(RIGHT_CODES.filter((code) => !texts[`right.${code}`])).toEqual([])
  })

  it('labels fio.surname "Middle name" and fio.middlename "Last name" in English (spec §3: swapped)', () => {
    const en = resources.en['admin-users'] as Record<string, string>
    expect([en['field.fio.surname'], en['field.fio.name'], en['field.fio.middlename']]).toEqual([
      'Middle name',
      'First name',
      'Last name',
    ])
    const ru = resources.ru['admin-users'] as Record<string, string>
    expect([ru['field.fio.surname'], ru['field.fio.middlename']]).toEqual(['Фамилия', 'Отчество'])
  })

  it('titles the edit dialog Editing (spec §2)', () => {
    expect((resources.en['admin-users'] as Record<string, string>)['edit.title']).toBe('Editing')
  })
})
