/** An agreement text split around its brace-marked part: 'I accept {the terms}' (spec §2 forms). */
export interface AgreementParts {
  before: string
  link: string
  after: string
}

/** The parts, or null when nothing is marked (the whole text is then plain). */
export function splitAgreement(text: string): AgreementParts | null {
  const m = /^([^{}]*)\{([^{}]+)\}(.*)$/s.exec(text)
  return m ? { before: m[1], link: m[2], after: m[3] } : null
}
