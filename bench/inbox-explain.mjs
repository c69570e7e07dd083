#!/usr/bin/env node
// Issue 13: the inbox's deep pages on PostgreSQL. Fills one user's inbox with N notifications (the
// four kinds in turn, a third read, over the node's tasks), then prints the plans (EXPLAIN ANALYZE,
// BUFFERS) of page 400 by offset and of the same page after a cursor (keyset), for each tab: all,
// unread, mentions. The database must hold Nodus's schema and tasks (e.g. the one
// bench/live-under-load.mjs made; it is not dropped).
//   node bench/inbox-explain.mjs --database-url=postgres://…/nodus_live_load_… [--notifications=100000]
import { readFileSync } from 'node:fs'
import pg from 'pg'

const args = { url: '', notifications: 100_000 }
for (const a of process.argv.slice(2)) {
  const [k, v = ''] = a.replace(/^--/, '').split('=')
  if (k === 'database-url') args.url = v
  if (k === 'notifications') args.notifications = Number(v)
}
const c = new pg.Client({ connectionString: args.url })
await c.connect()
const {
  rows: [who],
} = await c.query(
  `select nu.node_id, nu.user_id from node_users nu join users u on u.id = nu.user_id
    join nodes n on n.id = nu.node_id where u.email = 'admin@example.com' and n.domain = 'start'`,
)
await c.query('delete from notifications where node_id = $1 and user_id = $2', [who.node_id, who.user_id])
await c.query(
  `insert into notifications (node_id, user_id, kind, task_id, event_id, created_at, read_at)
   select $1, $2, (array['assigned','mention','status','comment'])[1 + g % 4],
          (select id from tasks where node_id = $1 offset (g % 1000) limit 1),
          g, now() - make_interval(secs => g), case when g % 3 = 0 then now() end
     from generate_series(1, $3) g`,
  [who.node_id, who.user_id, args.notifications],
)
await c.query('analyze notifications')
const perPage = 50
const deep = 400
for (const [tab, filter] of [
  ['all', ''],
  ['unread', 'and n.read_at is null'],
  ['mentions', "and n.kind = 'mention'"],
]) {
  const base = `select n.*, t.key, t.title from notifications n
    join tasks t on t.node_id = n.node_id and t.id = n.task_id
    where n.node_id = $1 and n.user_id = $2 ${filter}`
  // The row before the deep page, as a cursor would name it.
  const {
    rows: [at],
  } = await c.query(
    `select n.created_at::text as at, n.id from (${base}) n order by n.created_at desc nulls last, n.id desc nulls last
      offset ${(deep - 1) * perPage - 1} limit 1`,
    [who.node_id, who.user_id],
  )
  for (const [how, sql, params] of [
    [
      'offset',
      `${base} order by n.created_at desc nulls last, n.id desc nulls last limit ${perPage + 1} offset ${(deep - 1) * perPage}`,
      [who.node_id, who.user_id],
    ],
    [
      'keyset',
      `${base} and (n.created_at, n.id) < ($3::timestamptz, $4::uuid) order by n.created_at desc nulls last, n.id desc nulls last limit ${perPage + 1}`,
      [who.node_id, who.user_id, at.at, at.id],
    ],
  ]) {
    const plan = (await c.query(`explain (analyze, buffers) ${sql}`, params)).rows.map((r) => r['QUERY PLAN'])
    console.log(
      `--- ${tab}, page ${deep} by ${how} (load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`,
    )
    console.log(plan.join('\n'))
  }
}
await c.end()
