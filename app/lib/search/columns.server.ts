import { createCookie } from '@remix-run/node'
import { env } from '../env.server'
import { preferenceCookieOptions } from '../session.server'
import { type ColumnChoices, readChoices, withChoice } from './columns'

/*
 * The columns a user chose on the search page, kept in a cookie of the browser by user id (the
 * upstream has no place for a user's preferences yet): a reload and a new sign-in keep them, and two
 * people sharing a browser keep their own. Signed with SECRET, so the page trusts what it reads.
 */

const YEAR = 60 * 60 * 24 * 365

let cookie: ReturnType<typeof createCookie> | undefined
function columnsCookie() {
  // Made on first use: SECRET comes from the environment at run time.
  cookie ??= createCookie('search_columns', {
    path: '/lk',
    sameSite: 'lax',
    httpOnly: true,
    maxAge: YEAR,
    secrets: [env().SECRET],
  })
  return cookie
}

async function allChoices(request: Request): Promise<ColumnChoices> {
  return readChoices(await columnsCookie().parse(request.headers.get('cookie')))
}

/** The columns `userId` chose (field names, unchecked against the node: the caller drops unknown ones). */
export async function chosenColumns(request: Request, userId: string): Promise<string[]> {
  return (await allChoices(request))[userId] ?? []
}

/** The Set-Cookie header that keeps `columns` as `userId`'s choice. */
export async function saveColumns(request: Request, userId: string, columns: string[]): Promise<string> {
  const next = withChoice(await allChoices(request), userId, columns)
  const { domain: _, ...options } = preferenceCookieOptions(request)
  return columnsCookie().serialize(next, options)
}
