import type { AgnosticRouteMatch, AgnosticRouteObject, Location, Params } from '@remix-run/router'

/*
 * Remix's route matching, remembered (issue 24's profile: ~8 % of the web tier's CPU per page).
 * @remix-run/router's `matchRoutes` flattens and ranks the whole route tree (~75 routes) and
 * compiles a RegExp per path tried, on every call — and a page calls it four to six times (the
 * server's match, the render's <Routes>, and the inlined manifest's two ancestors for lazy route
 * discovery). In production the tree never changes, so what a path matches is worked out once.
 *
 * The callers pass different arrays of the same tree (the request handler's routes, and route
 * objects made afresh for every render), so a result is kept by the tree's shape — each route's id,
 * path, index and case sensitivity, in order — and handed back as fresh matches over the caller's
 * own route objects, found by id. A tree whose routes lack ids is matched as before.
 */

type Route = AgnosticRouteObject
type Match = AgnosticRouteMatch<string, Route>
type MatchRoutes = (
  routes: Route[],
  location: Partial<Location> | string,
  basename?: string,
) => Match[] | null

/** The parts of @remix-run/router's CommonJS exports this touches. */
export interface RouterModule {
  matchRoutes: MatchRoutes
  parsePath: (path: string) => Partial<Location>
}

interface Shape {
  /** A small number standing for the tree's shape (two trees alike share it). */
  key: number
  byId: Map<string, Route>
}

/** One match, by the route's id. */
interface Kept {
  id: string
  pathname: string
  pathnameBase: string
}

/** Paths remembered at most (a path per task card: the oldest are forgotten first). */
export const MAX_PATHS = 5_000

const CACHED = Symbol.for('nodus.route-match-cache')

/**
 * `matchRoutes` remembered per tree shape, base and pathname; `original` answers what it has not
 * seen yet. Each answer is fresh (new match objects, one params object shared by the matches, as
 * the original makes them), so a caller that changes what it got changes nothing kept.
 */
export function cachedMatchRoutes(original: MatchRoutes, parsePath: RouterModule['parsePath']): MatchRoutes {
  const shapes = new WeakMap<Route[], Shape | null>()
  const shapeKeys = new Map<string, number>()
  const kept = new Map<string, { matches: Kept[]; params: Params } | null>()

  function shapeOf(routes: Route[]): Shape | null {
    let shape = shapes.get(routes)
    if (shape !== undefined) return shape
    const byId = new Map<string, Route>()
    const parts: string[] = []
    const walk = (list: Route[]): boolean => {
      parts.push('[')
      for (const route of list) {
        if (typeof route.id !== 'string' || byId.has(route.id)) return false
        byId.set(route.id, route)
        parts.push(
          JSON.stringify([route.id, route.path ?? null, route.index === true, route.caseSensitive === true]),
        )
        if (route.children && !walk(route.children)) return false
      }
      parts.push(']')
      return true
    }
    if (walk(routes)) {
      const text = parts.join('')
      let key = shapeKeys.get(text)
      if (key === undefined) {
        key = shapeKeys.size
        shapeKeys.set(text, key)
      }
      shape = { key, byId }
    } else shape = null
    shapes.set(routes, shape)
    return shape
  }

  return (routes, location, basename = '/') => {
    const shape = Array.isArray(routes) ? shapeOf(routes) : null
    if (!shape) return original(routes, location, basename)
    const pathname = (typeof location === 'string' ? parsePath(location) : location).pathname || '/'
    const at = `${shape.key}\u0000${basename}\u0000${pathname}`
    let hit = kept.get(at)
    if (hit === undefined) {
      const matches = original(routes, location, basename)
      hit = matches
        ? {
            matches: matches.map((m) => ({
              id: m.route.id!,
              pathname: m.pathname,
              pathnameBase: m.pathnameBase,
            })),
            params: { ...matches[matches.length - 1]?.params },
          }
        : null
      if (kept.size >= MAX_PATHS) kept.delete(kept.keys().next().value!)
      kept.set(at, hit)
    }
    if (!hit) return null
    const params = { ...hit.params }
    return hit.matches.map((m) => ({
      params,
      pathname: m.pathname,
      pathnameBase: m.pathnameBase,
      route: shape.byId.get(m.id)!,
    }))
  }
}

/**
 * Puts the remembered matching in place of @remix-run/router's own, for every module that calls it
 * through the router's exports (the server runtime, react-router, lazy route discovery). Once.
 */
export function cacheRouteMatching(router: RouterModule): void {
  const marked = router as RouterModule & { [CACHED]?: true }
  if (marked[CACHED]) return
  marked.matchRoutes = cachedMatchRoutes(router.matchRoutes, router.parsePath)
  marked[CACHED] = true
}
