import { createRequire } from 'node:module'
import { type AgnosticRouteObject, matchRoutes, parsePath } from '@remix-run/router'
import { describe, expect, it } from 'vitest'
import {
  cachedMatchRoutes,
  cacheRouteMatching,
  MAX_PATHS,
  type RouterModule,
} from './route-match-cache.server'

/** A tree shaped as the app's: a root, pathless layouts, index routes, params, a splat, a catch-all. */
function tree(): AgnosticRouteObject[] {
  return [
    {
      id: 'root',
      path: '',
      children: [
        { id: 'routes/_index', index: true },
        {
          id: 'routes/lk+/_layout',
          path: 'lk',
          children: [
            { id: 'routes/lk+/_index', index: true },
            { id: 'routes/lk+/tasks', path: 'tasks' },
            { id: 'routes/lk+/tasks_.batches', path: 'tasks/batches' },
            { id: 'routes/lk+/t.$processKey.$taskKey', path: 't/:processKey/:taskKey' },
            { id: 'routes/lk+/b.$board', path: 'b/:board' },
          ],
        },
        {
          id: 'routes/_auth+/_layout',
          children: [{ id: 'routes/_auth+/login', path: 'login' }],
        },
        { id: 'routes/resources+/texts.$lng', path: 'resources/texts/:lng' },
        { id: 'routes/api+/$', path: 'api/*' },
        { id: 'routes/$', path: '*' },
      ],
    },
  ]
}

const PATHS = [
  '/',
  '/lk',
  '/lk/',
  '/lk/tasks',
  '/lk/tasks?q=status%20%3D%201#top',
  '/lk/tasks/batches',
  '/lk/t/DEV/DEV-12',
  '/lk/t/%D0%94%D0%95%D0%92/%D0%94%D0%95%D0%92-1',
  '/lk/b/7f0c',
  '/LK/TASKS',
  '/login',
  '/resources/texts/ru',
  '/api/tasks/rql/1',
  '/nowhere/at/all',
]

/** What a caller reads of a match. */
const seen = (matches: ReturnType<typeof matchRoutes>) =>
  matches?.map((m) => ({
    id: m.route.id,
    params: m.params,
    pathname: m.pathname,
    pathnameBase: m.pathnameBase,
  }))

describe('remembered route matching', () => {
  it('answers as @remix-run/router does, for every kind of path, first time and again', () => {
    const cached = cachedMatchRoutes(matchRoutes, parsePath)
    for (let round = 0; round < 2; round++)
      for (const path of PATHS) {
        const routes = tree()
        expect(seen(cached(routes, path)), path).toEqual(seen(matchRoutes(routes, path)))
        expect(seen(cached(routes, parsePath(path))), path).toEqual(
          seen(matchRoutes(routes, parsePath(path))),
        )
        expect(seen(cached(routes, path, '/lk')), path).toEqual(seen(matchRoutes(routes, path, '/lk')))
      }
  })

  it("gives each caller its own tree's route objects and fresh matches", () => {
    const cached = cachedMatchRoutes(matchRoutes, parsePath)
    const first = tree()
    const got = cached(first, '/lk/t/DEV/DEV-12')!
    ;(got[0].params as Record<string, string>).taskKey = 'changed'
    const second = tree()
    const again = cached(second, '/lk/t/DEV/DEV-12')!
    expect(again.map((m) => m.route)).toEqual([
      second[0],
      second[0].children![1],
      second[0].children![1].children![3],
    ])
    expect(again[2].route).toBe(second[0].children![1].children![3])
    expect(again[0].params).toEqual({ processKey: 'DEV', taskKey: 'DEV-12' })
    // One params object for the whole match, as @remix-run/router makes it.
    expect(again[0].params).toBe(again[2].params)
  })

  it('keeps trees of different shapes apart', () => {
    const cached = cachedMatchRoutes(matchRoutes, parsePath)
    const other = tree()
    other[0].children![1].path = 'cabinet'
    expect(cached(tree(), '/lk/tasks')?.at(-1)?.route.id).toBe('routes/lk+/tasks')
    expect(cached(other, '/lk/tasks')?.at(-1)?.route.id).toBe('routes/$')
    expect(cached(other, '/cabinet/tasks')?.at(-1)?.route.id).toBe('routes/lk+/tasks')
  })

  it('matches a tree without route ids as before, every time', () => {
    let calls = 0
    const counted: typeof matchRoutes = (...args) => {
      calls++
      return matchRoutes(...args)
    }
    const cached = cachedMatchRoutes(counted, parsePath)
    const bare: AgnosticRouteObject[] = [{ path: 'a', children: [{ path: ':b' }] }]
    expect(seen(cached(bare, '/a/1'))).toEqual(seen(matchRoutes(bare, '/a/1')))
    cached(bare, '/a/1')
    expect(calls).toBe(2)
    cached(tree(), '/lk')
    cached(tree(), '/lk')
    expect(calls).toBe(3)
  })

  it('forgets the oldest paths past its bound', () => {
    let calls = 0
    const counted: typeof matchRoutes = (...args) => {
      calls++
      return matchRoutes(...args)
    }
    const cached = cachedMatchRoutes(counted, parsePath)
    const routes = tree()
    for (let i = 0; i <= MAX_PATHS; i++) cached(routes, `/lk/b/${i}`)
    expect(calls).toBe(MAX_PATHS + 1)
    cached(routes, `/lk/b/${MAX_PATHS}`)
    expect(calls).toBe(MAX_PATHS + 1)
    cached(routes, '/lk/b/0')
    expect(calls).toBe(MAX_PATHS + 2)
  })

  it("is what the server runtime's matching calls once installed, and installs once", () => {
    const router = createRequire(import.meta.url)('@remix-run/router') as RouterModule
    const before = router.matchRoutes
    try {
      cacheRouteMatching(router)
      const installed = router.matchRoutes
      expect(installed).not.toBe(before)
      cacheRouteMatching(router)
      expect(router.matchRoutes).toBe(installed)
      const { matchServerRoutes } = createRequire(import.meta.url)(
        '@remix-run/server-runtime/dist/routeMatching.js',
      ) as { matchServerRoutes: (routes: unknown, path: string) => { route: { id: string } }[] | null }
      expect(matchServerRoutes(tree(), '/lk/tasks')?.map((m) => m.route.id)).toEqual([
        'root',
        'routes/lk+/_layout',
        'routes/lk+/tasks',
      ])
    } finally {
      router.matchRoutes = before
      delete (router as unknown as Record<symbol, unknown>)[Symbol.for('nodus.route-match-cache')]
    }
  })
})
