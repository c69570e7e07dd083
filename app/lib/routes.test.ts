import { describe, expect, it } from 'vitest'
import { isNamedTarget, NAMED_TARGETS, routes } from './routes'

describe('routes', () => {
  it('builds the paths of spec §2', () => {
    expect(routes.home()).toBe('/lk')
    expect(routes.profile()).toBe('/lk/profile')
    expect(routes.board('42')).toBe('/lk/b/42')
    expect(routes.taskAdd()).toBe('/lk/t/add')
    expect(routes.taskAddProcess('DEV')).toBe('/lk/t/add/DEV')
    expect(routes.TaskCard('DEV', 'DEV-7')).toBe('/lk/t/DEV/DEV-7')
    expect(routes.pageNotFound()).toBe('/errors/page-not-found')
    expect(routes.nodeNotBinded()).toBe('/errors/node-not-binded')
    expect(routes.logout()).toBe('/auth/logout')
  })

  it('builds every admin target', () => {
    expect({
      admin: routes.admin(),
      users: routes.adminUsers(),
      ui: routes.adminUI(),
      statuses: routes.adminStatuses(),
      progress: routes.adminProgress(),
      processes: routes.adminProcesses(),
      teams: routes.adminTeams(),
      boards: routes.adminBoards(),
      widgets: routes.adminWidgets(),
      forms: routes.adminForms(),
      fields: routes.adminFields(),
      pluginStore: routes.adminPluginStore(),
      pluginConfigs: routes.adminPluginConfigs(),
    }).toEqual({
      admin: '/admin',
      users: '/admin/users',
      ui: '/admin/ui',
      statuses: '/admin/statuses',
      progress: '/admin/progress',
      processes: '/admin/processes',
      teams: '/admin/teams',
      boards: '/admin/boards',
      widgets: '/admin/widgets',
      forms: '/admin/forms',
      fields: '/admin/fields',
      pluginStore: '/admin/plugin-store',
      pluginConfigs: '/admin/plugin-configs',
    })
  })

  it('builds the field gallery under the admin fields page', () => {
    expect(routes.adminFieldsGallery()).toBe('/admin/fields/gallery')
  })

  it('encodes each parameter as one path segment', () => {
    expect(routes.board('a/b c')).toBe('/lk/b/a%2Fb%20c')
    expect(routes.TaskCard('../x', '?y')).toBe('/lk/t/..%2Fx/%3Fy')
  })

  it('passes the way back to the login page and the node name to node-not-found as queries', () => {
    expect(routes.login()).toBe('/auth/login')
    expect(routes.login('/lk?x=1')).toBe('/auth/login?redirectTo=%2Flk%3Fx%3D1')
    expect(routes.login('/lk')).toBe('/auth/login?redirectTo=%2Flk')
    expect(routes.nodeNotFound('acme')).toBe('/errors/node-not-found?node=acme')
    expect(routes.nodeNotFound('a&b')).toBe('/errors/node-not-found?node=a%26b')
  })

  it('knows the named targets a node menu may use, and only parameterless pages', () => {
    expect(isNamedTarget('home')).toBe(true)
    expect(isNamedTarget('adminPluginConfigs')).toBe(true)
    expect(isNamedTarget('board')).toBe(false)
    expect(isNamedTarget('setTheme')).toBe(false)
    expect(isNamedTarget('/lk')).toBe(false)
    for (const name of NAMED_TARGETS) expect(routes[name]()).toMatch(/^\/(lk|admin)/)
  })
})
