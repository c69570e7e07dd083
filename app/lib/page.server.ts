import { i18next } from './i18next.server'

/** A page's title in the request's language. */
export async function pageTitle(request: Request, key: string): Promise<string> {
  const t = await i18next.getFixedT(request)
  return t(key)
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
