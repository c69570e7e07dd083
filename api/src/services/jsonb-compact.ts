/*
 * A jsonb value's text (`custom_fields::text`) as JSON.stringify writes the same value: PostgreSQL
 * puts a space after every `:` and `,` outside strings and spells numbers as stored (`1.50`,
 * `1000000000000000000000`); its strings escape exactly as JSON.stringify's (`"`, `\`, control
 * characters as \b \f \n \r \t or \u00xx, nothing else). So the spaces outside strings are dropped,
 * and a number JavaScript would spell otherwise sends the whole text through JSON.parse +
 * JSON.stringify — which this replaces at half its cost for the 50 rows of a page (issue 15).
 */
export function compactJsonb(text: string): string {
  let out = ''
  let start = 0
  const n = text.length
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i)
    if (c === 34) {
      // A string: to its closing quote, escapes skipped whole.
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i)
        if (d === 92) i++
        else if (d === 34) break
      }
    } else if (c === 32) {
      out += text.slice(start, i)
      start = i + 1
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      let j = i + 1
      while (j < n) {
        const d = text.charCodeAt(j)
        if ((d >= 48 && d <= 57) || d === 46 || d === 101 || d === 69 || d === 43 || d === 45) j++
        else break
      }
      const number = text.slice(i, j)
      if (String(Number(number)) !== number) return JSON.stringify(JSON.parse(text))
      i = j - 1
    }
  }
  return start === 0 ? text : out + text.slice(start)
}
