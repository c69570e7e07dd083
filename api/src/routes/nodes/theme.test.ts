import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unchanged } from '../../../test/db-state'
import { ADMIN, type Harness, startApi, USER } from '../../../test/harness'
import { nodeIdOf } from '../../../test/tenant-factories'

/*
 * The node theme as /admin/ui's Theme section edits it (issue 25 item 5): the CSS rule with the
 * refused line, font faces with family, weight and style, and the version key the browsers'
 * theme cache is refreshed by.
 */

let h: Harness
let adminToken: string
let userToken: string
let startId: string
let demoId: string
beforeAll(async () => {
  h = await startApi()
  ;[adminToken, userToken] = [await h.login(ADMIN), await h.login(USER)]
  ;[startId, demoId] = [await nodeIdOf(h, 'start'), await nodeIdOf(h, 'demo')]
})
afterAll(() => h.close())

const WOFF2 = `data:font/woff2;base64,${Buffer.from('wOF2 not really a font').toString('base64')}`
const patch = (nodeId: string, theme: unknown, token = adminToken) =>
  h.call('PATCH', `/nodes/${nodeId}`, { token, body: { settings: { theme } } })

describe('the theme CSS rule', () => {
  it('refuses loading from another origin with the line, changing nothing', async () => {
    for (const [css, line] of [
      ['body { color: red }\n@import "https://evil.example/x.css";', 2],
      ['a {}\n\nb { background: u\\72l(//evil.example/p.png) }', 3],
      ['b { background-image: image-set("http://evil.example/a.png" 1x) }', 1],
    ] as const) {
      const res = await unchanged(h.database.db, () => patch(startId, { css }))
      expect(res.status, css).toBe(422)
      expect(res.body.detail).toEqual([
        expect.objectContaining({
          type: 'value_error.css_foreign_url',
          loc: ['body', 'settings', 'theme', 'css'],
          ctx: { line },
          msg: expect.stringContaining(`Line ${line}:`),
        }),
      ])
    }
  })

  it('refuses </style> with its line', async () => {
    const res = await unchanged(h.database.db, () =>
      patch(startId, { css: 'a{}\n</style><script>x</script>' }),
    )
    expect(res.status).toBe(422)
    expect(res.body.detail[0]).toMatchObject({ type: 'value_error.unsafe_css', ctx: { line: 2 } })
  })

  it('refuses CSS over the size limit', async () => {
    const res = await unchanged(h.database.db, () => patch(startId, { css: 'a{}'.repeat(40_000) }))
    expect(res.status).toBe(422)
    expect(res.body.detail[0]).toMatchObject({
      type: 'value_error.any_str.max_length',
      ctx: { max: 100_000 },
    })
  })
})

describe('theme font faces', () => {
  it('stores faces beside plain URLs and serves them with a new version key', async () => {
    const before = await h.call('GET', '/nodes/assets/start')
    const fonts = ['/fonts/a.woff2', { src: WOFF2, family: 'Brand Sans', weight: '700', style: 'italic' }]
    const res = await patch(startId, { css: 'body { font-family: "Brand Sans" }', fonts })
    expect(res.status).toBe(200)
    const after = await h.call('GET', '/nodes/assets/start')
    expect(after.body.data).toMatchObject({ css: 'body { font-family: "Brand Sans" }', fonts })
    expect(after.body.data.version).not.toBe(before.body.data.version)
  })

  it('refuses a bad face with the code of the field at fault', async () => {
    const cases: [unknown, string][] = [
      [{ src: WOFF2, family: 'x;}</style>' }, 'body.settings.theme.fonts.0.family:value_error.font_family'],
      [{ src: WOFF2, family: 'A', weight: '750' }, 'body.settings.theme.fonts.0.weight:value_error.enum'],
      [{ src: 'data:image/png;base64,AAAA', family: 'A' }, 'body.settings.theme.fonts.0.src:value_error.url'],
      ['javascript:alert(1)', 'body.settings.theme.fonts.0:value_error.url'],
      [{ src: WOFF2, family: 'A', colour: 'red' }, 'body.settings.theme.fonts.0:value_error.extra'],
    ]
    for (const [font, at] of cases) {
      const res = await unchanged(h.database.db, () => patch(startId, { fonts: [font] }))
      expect(res.status, at).toBe(422)
      expect(
        res.body.detail.map((d: { loc: unknown[]; type: string }) => `${d.loc.join('.')}:${d.type}`),
      ).toEqual([at])
    }
    const many = await unchanged(h.database.db, () =>
      patch(startId, { fonts: Array.from({ length: 11 }, () => '/fonts/a.woff2') }),
    )
    expect(many.body.detail[0]).toMatchObject({ type: 'value_error.list.max_items' })
  })

  it("refuses a user without is_admin (403) and another tenant's node (404)", async () => {
    const user = await unchanged(h.database.db, () => patch(startId, { css: 'a{}' }, userToken))
    expect(user.status).toBe(403)
    const other = await unchanged(h.database.db, () => patch(demoId, { css: 'a{}' }, userToken))
    expect(other.status).toBe(404)
    expect(other.body.detail[0].type).toBe('nodes.node_not_found')
  })
})
