import { describe, expect, it } from 'vitest'
import { splitAgreement } from './agreement'

describe('splitAgreement (spec §2: the link text split around its brace-marked part)', () => {
  it.each([
    ['I accept {the terms}', { before: 'I accept ', link: 'the terms', after: '' }],
    ['{Terms} apply', { before: '', link: 'Terms', after: ' apply' }],
    ['Я принимаю {условия} сервиса', { before: 'Я принимаю ', link: 'условия', after: ' сервиса' }],
  ])('%s', (text, parts) => {
    expect(splitAgreement(text)).toEqual(parts)
  })

  it.each(['No braces here', 'Empty {} braces', 'Open { only'])('%s has no link', (text) => {
    expect(splitAgreement(text)).toBeNull()
  })
})
