import { splitAgreement } from './agreement'

/**
 * A label whose brace-marked part is a link ('I accept {the terms}' → a link on 'the terms').
 * The link opens in a new tab, so following it never loses what the form holds.
 */
export function AgreementText({ text, href }: { text: string; href?: string }) {
  const parts = href ? splitAgreement(text) : null
  if (!parts) return <>{text.replace(/[{}]/g, '')}</>
  return (
    <>
      {parts.before}
      <a href={href} target="_blank" rel="noreferrer" className="ff-agreement-link">
        {parts.link}
      </a>
      {parts.after}
    </>
  )
}
