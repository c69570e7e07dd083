import type { TFunction } from 'i18next'
import { i18next } from './i18next.server'

/**
 * One t per language for loaders, made once: a t is read-only, and making an i18next instance on
 * every loader call was a visible share of a page's server time.
 */
const fixedTs = new Map<string, Promise<TFunction>>()

/** The request's language's t, for loaders and actions. */
export async function translator(request: Request): Promise<TFunction> {
  const lng = await i18next.getLocale(request)
  let t = fixedTs.get(lng)
  if (!t) {
    t = i18next.getFixedT(lng) as Promise<TFunction>
    fixedTs.set(lng, t)
  }
  return t
}

/** A page's title in the request's language. */
export async function pageTitle(request: Request, key: string): Promise<string> {
  return (await translator(request))(key)
}

/**
 * The data of a page that needs nothing but its title (its content arrives with a later issue):
 * `export const loader = ({ request }: LoaderFunctionArgs) => titledPage(request, 'admin.teams')`.
 * (A route's `loader = factory(...)` would run the factory in the browser too, where .server
 * modules are empty: the call must stay inside the function.)
 */
export async function titledPage(request: Request, key: string): Promise<{ title: string }> {
  return { title: await pageTitle(request, key) }
}
