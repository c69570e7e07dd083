// The raw-SQL ceilings of the task statements (issue 15): the statements Nodus sends for get by id,
// get by key, the filtered list (its page, and page + total) and for a create and an edit (each as
// the statements it sends today: ADR 022's two for a create, the card read and one update for an
// edit) — as the
// upstream logs them (PostgreSQL's log_statement), their parameters varied — under Debian's pgbench,
// prepared (-M prepared), on the same connections and cores as the HTTP runs. What Nodus reaches
// over HTTP divided by this is its share of the database's own ceiling.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

function pgbenchBinary() {
  const base = '/usr/lib/postgresql'
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : []
  for (const v of versions) if (existsSync(join(base, v, 'bin/pgbench'))) return join(base, v, 'bin/pgbench')
  throw new Error('pgbench not found under /usr/lib/postgresql/*/bin (Debian package postgresql)')
}

/** The card statement (repositories/task-card-repository.ts) over one task, chosen by `where`. */
const card = (
  where,
) => `select node_id, id, process_id, number, key, title, description, status_id, assignee_id,
  author_id, custom_fields, version, created_at, updated_at, coalesce((
  select json_agg(json_build_object('nodeId', a.node_id, 'id', a.id, 'taskId', a.task_id, 'type', a.type,
    'name', a.name, 'contentType', a.content_type, 'size', a.size, 'storageKey', a.storage_key,
    'thumbnailKey', a.thumbnail_key, 'uploadedBy', a.uploaded_by, 'createdAt', a.created_at)
    order by a.created_at desc, a.id desc)
    from attachments a where a.node_id = tasks.node_id and a.task_id = tasks.id), '[]'::json) as attachments, coalesce((
  select json_agg(json_build_object('id', u.id, 'email', u.email, 'fio', u.fio, 'contacts', u.contacts))
    from users u where u.id = any(array[tasks.author_id, tasks.assignee_id] || array(
      select a.uploaded_by from attachments a where a.node_id = tasks.node_id and a.task_id = tasks.id))
  ), '[]'::json) as people from tasks where ${where} limit 1;`

const page = (
  f,
) => `select node_id, id, process_id, number, key, title, description, status_id, assignee_id, author_id,
  custom_fields, version, created_at, updated_at, (updated_at)::text, (id)::text from tasks
  where node_id = '${f.nodeId}' and status_id = '${f.statusId}' and assignee_id = '${f.assigneeId}'
    and custom_fields @> '{"cf_priority": "high"}'::jsonb
  order by tasks.updated_at desc nulls last, tasks.id desc nulls last limit 51;`

/**
 * The page as Nodus sends it (issue 15 session 15): each task's answer as JSON text written by the
 * database (api/src/services/task-json.ts), the custom-field document a literal
 * (api/src/rql/literal.ts). Nodus binds node, status and assignee as parameters of a named
 * statement; here they are literals of a prepared one (the same plan). The `:` of the time
 * format is written `x`: pgbench reads `:MI` as a variable; the work is the same.
 */
export const pageJson = (f) => `select '{"id":"' || "tasks"."id"
  || '","key":' || to_json("tasks"."key")::text || ',"number":' || "tasks"."number"
  || ',"title":' || to_json("tasks"."title")::text || ',"description":' || to_json("tasks"."description")::text
  || ',"process_id":"' || "tasks"."process_id" || '","status_id":"' || "tasks"."status_id"
  || '","assignee_id":' || coalesce('"' || "tasks"."assignee_id" || '"', 'null')
  || ',"author_id":"' || "tasks"."author_id" || '","custom_fields":' as "h", "tasks"."custom_fields"::text as "cf",
  ',"version":' || "tasks"."version"
  || ',"created_at":"' || to_char("tasks"."created_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24"x"MI"x"SS.MS"Z"')
  || '","updated_at":"' || to_char("tasks"."updated_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24"x"MI"x"SS.MS"Z"') || '"}' as "t",
  ("tasks"."updated_at")::text as "s0", ("tasks"."id")::text as "s1" from "tasks"
  where ("tasks"."node_id" = '${f.nodeId}' and (("tasks"."status_id" = '${f.statusId}'
    and "tasks"."assignee_id" = '${f.assigneeId}' and "tasks"."custom_fields" @> E'{"cf_priority":"high"}'::jsonb)))
  order by "tasks"."updated_at" desc nulls last, "tasks"."id" desc nulls last limit 51;`

const count = (f) => `select count(*) from tasks where node_id = '${f.nodeId}' and status_id = '${f.statusId}'
  and assignee_id = '${f.assigneeId}' and custom_fields @> '{"cf_priority": "high"}'::jsonb;`

/**
 * The create as Nodus makes it (ADR 022, repositories/tasks-repository.ts createTaskWithEvents):
 * two statements, each a transaction of its own — the process's counter bumped only while the
 * assignee is bound to the node (the assignee's check is part of the counter's statement since issue
 * 15; its commit not waiting for the WAL flush), then the task, its history row and its event in one
 * statement with the number taken. One process in three.
 */
const create = (f) => `\\set p random(0, 2)
with unflushed as (select set_config('synchronous_commit', 'off', true)),
assignee as (
  select u.id, u.email, u.fio, u.contacts from users u
    join node_users nu on nu.user_id = u.id and nu.node_id = '${f.nodeId}'::uuid
   where u.id = '${f.assigneeId}'::uuid
), taken as (
  update processes set task_counter = task_counter + 1
    from unflushed
   where node_id = '${f.nodeId}' and id = (array['${f.processIds.join("','")}']::uuid[])[:p + 1]
     and ('${f.assigneeId}'::uuid is null or exists (select from assignee))
  returning id as process_id, task_counter as number, key || '-' || task_counter as key
)
select taken.process_id, taken.number, taken.key,
       (select json_build_object('id', id, 'email', email, 'fio', fio, 'contacts', contacts) from assignee) as assignee
  from (select) as one left join taken on true
\\gset
with counter as (
  select :number::integer as number, :key::text as key
), task as (
  insert into tasks (node_id, id, process_id, number, key, title, description, status_id, assignee_id, author_id, custom_fields)
  select '${f.nodeId}'::uuid, gen_random_uuid(), :process_id::uuid, number, key, 'pgbench create'::text, ''::text,
         '${f.statusId}'::uuid, '${f.assigneeId}'::uuid, '${f.authorId}'::uuid,
         '{"cf_priority": "normal", "cf_points": 3, "cf_summary": "pgbench create", "cf_bucket": 1000}'::jsonb
    from counter
  returning id, number, key, version, created_at, updated_at
), history as (
  insert into task_history (node_id, task_id, actor_id, field, new_value, request_id)
  select '${f.nodeId}'::uuid, id, '${f.authorId}'::uuid, 'created',
         jsonb_build_object('key', key, 'title', 'pgbench create'::text, 'status', '${f.statusId}'::uuid), 'pgbench'::text
    from task
), event as (
  insert into events (type, node_id, actor_id, data)
  select 'task.created'::text, '${f.nodeId}'::uuid, '${f.authorId}'::uuid,
         jsonb_set(jsonb_build_object('task', jsonb_build_object('id', task.id, 'key', ''), 'title', 'pgbench create'),
                   '{task,key}', to_jsonb(task.key)) from task
  returning id, txid::text as txid, occurred_at)
select task.number, task.key, task.version, task.created_at, task.updated_at, event.id, event.txid, event.occurred_at
  from task, event;`

/**
 * The edit as Nodus makes it (services/tasks.ts, repositories/tasks-repository.ts
 * editTaskWithEvents): the card statement reads the task and its version, then one statement
 * updates the row while its version is still the one read, with its two history rows and its event.
 */
const edit = (f) => `\\set n random(1, ${f.poolSize})
${card(`node_id = '${f.nodeId}' and id = (select id from pgbench_task_ids where n = :n)`).replace(/;$/, '')}
\\gset c_
with upd as (
  update tasks set title = 'pgbench edit ' || :n, custom_fields = custom_fields || jsonb_build_object('cf_points', :n % 21),
         version = version + 1, updated_at = now()
   where node_id = '${f.nodeId}'::uuid and id = :c_id::uuid and version = :c_version::int
  returning node_id, id, process_id, number, key, title, description, status_id, assignee_id,
            author_id, custom_fields, version, created_at, updated_at
), history as (
  insert into task_history (node_id, task_id, actor_id, field, old_value, new_value, request_id)
  select upd.node_id, upd.id, '${f.authorId}'::uuid, c.field, c.old_value, c.new_value, 'pgbench'::text
    from upd, (values ('title'::text, '"old"'::jsonb, '"new"'::jsonb, 0::int), ('cf_points', '1', '2', 1))
         as c(field, old_value, new_value, n)
   order by c.n
), event as (
  insert into events (type, node_id, actor_id, data)
  select 'task.edited'::text, upd.node_id, '${f.authorId}'::uuid, '{"task": {"key": "x"}, "changes": [], "version": 2}'::jsonb
    from upd
  returning id, txid::text as txid, occurred_at
)
select upd.*, event.id as event_id, event.txid, event.occurred_at from upd left join event on true;`

/**
 * Runs each script for `duration` seconds on `connections` connections; returns tps and latency.
 * `f`: nodeId, statusId, assigneeId (the filtered query's), processIds, authorId, keyOf, tasks.
 */
export async function pgbenchCeilings({ databaseUrl, connections, duration, f }) {
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  // The tasks to read and edit, by number: the statement's own lookup is by id (or key), as Nodus's.
  const poolSize = Math.min(f.tasks, 20_000)
  await db.query('drop table if exists pgbench_task_ids')
  // Not the buckets the bulk edit takes (17, 18), like bench/tasks.mjs's edits.
  await db.query(
    `create table pgbench_task_ids as
       select row_number() over (order by id)::int as n, id from tasks
        where node_id = $1 and (custom_fields->>'cf_bucket') not in ('17', '18') limit $2`,
    [f.nodeId, poolSize],
  )
  await db.query('alter table pgbench_task_ids add primary key (n)')
  await db.end()
  const keyCase = f.keyOf(0).split('-')[0]
  const scripts = {
    'get by id': `\\set n random(1, ${poolSize})\n${card(`node_id = '${f.nodeId}' and id = (select id from pgbench_task_ids where n = :n)`)}`,
    'get by key': `\\set n random(1, ${Math.floor(f.tasks / 3)})\n${card(`node_id = '${f.nodeId}' and key = '${keyCase}-' || :n`)}`,
    'filtered: page alone': page(f),
    'filtered: page as JSON (as Nodus sends it)': pageJson(f),
    'filtered: page + total': `${page(f)}\n${count(f)}`,
    create: create(f),
    edit: edit({ ...f, poolSize }),
  }
  const dir = mkdtempSync(join(tmpdir(), 'nodus-pgbench-'))
  try {
    return runScripts(scripts, dir, { connections, duration, databaseUrl })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * The page and its total as services/task-json.ts countedPageQuery writes them: the first cap + 1
 * tasks in order (with their sort values), counted by a window, the JSON written for the page's
 * rows only.
 */
function windowed(page, cap) {
  const select = page.slice(0, page.indexOf(' from "tasks"'))
  const rest = page.slice(page.indexOf(' from "tasks"')).replace(/limit 51$/, `limit ${cap + 1}`)
  const json = select.slice(0, select.search(/,\s*\("tasks"\."updated_at"\)::text as "s0"/))
  return `${json}, "tasks"."s0", "tasks"."s1", "tasks"."n"::int as "n" from (select "m".*, count(*) over () as "n" from (select "tasks".*, ("tasks"."updated_at")::text as "s0", ("tasks"."id")::text as "s1"${rest}) "m") "tasks" limit 51;`
}

/**
 * The filtered list's statements before and after issue 28, over the filtered query of
 * bench/tasks.mjs (page of 50 + 1): the page and its capped total as two statements (as Nodus sent
 * them: the page, then countUpTo's `select count(*) from (select 1 … limit cap + 1)`), the page
 * with its total in one statement as Nodus sends it (countedPageQuery: a window over the first
 * cap + 1 matches in order), the same with the JSON written for every one of them, a CTE whose
 * separate count runs only for a full page (the other way measured), and the page alone (a total
 * kept).
 */
export async function listCeilings({ databaseUrl, connections, duration, f, cap = 10_000 }) {
  const cond = `("tasks"."node_id" = '${f.nodeId}' and (("tasks"."status_id" = '${f.statusId}'
    and "tasks"."assignee_id" = '${f.assigneeId}' and "tasks"."custom_fields" @> E'{"cf_priority":"high"}'::jsonb)))`
  const page = pageJson(f).replace(/;$/, '')
  const capped = `select count(*) from (select 1 from "tasks" where ${cond} limit ${cap + 1}) "matches"`
  const scripts = {
    'list: page + capped count, two statements (before)': `${page};\n${capped};`,
    'list: page and count in one statement (issue 28, as sent: a window over the first cap + 1)': windowed(
      page,
      cap,
    ),
    'list: page and count in one statement (CTE; the count only for a full page)': `with "page" as (${page}) select "page".*, case when (select count(*) from "page") >= 51 then (select count(*) from (select 1 from "tasks" where ${cond} limit ${cap + 1}) "matches")::int end as "n" from "page";`,
    'list: page with count(*) over (), JSON for every counted row': `select "m".*, count(*) over () as "n" from (${page.replace(/limit 51$/, `limit ${cap + 1}`)}) "m" limit 51;`,
    'list: page alone (total kept)': `${page};`,
  }
  const dir = mkdtempSync(join(tmpdir(), 'nodus-pgbench-'))
  try {
    return runScripts(scripts, dir, { connections, duration, databaseUrl })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The p50 and p99 (ms) of the transaction latencies in pgbench's logs (-l) under `dir` with `prefix`. */
function percentiles(dir, prefix) {
  const us = []
  for (const name of readdirSync(dir))
    if (name.startsWith(`${prefix}.`))
      for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
        const t = Number(line.split(' ')[2])
        if (Number.isFinite(t) && line) us.push(t)
      }
  us.sort((a, b) => a - b)
  const at = (q) =>
    us.length ? Math.round(us[Math.min(us.length - 1, Math.floor(q * us.length))] / 10) / 100 : null
  return { p50: at(0.5), p99: at(0.99) }
}

function runScripts(scripts, dir, { connections, duration, databaseUrl }) {
  const bin = pgbenchBinary()
  const out = []
  for (const [name, script] of Object.entries(scripts)) {
    const prefix = name.replace(/\W+/g, '-')
    const file = join(dir, `${prefix}.sql`)
    writeFileSync(file, script)
    let text
    try {
      text = execFileSync(
        bin,
        [
          '-n',
          '-M',
          'prepared',
          '-c',
          String(connections),
          '-j',
          '2',
          '-T',
          String(duration),
          '-l',
          `--log-prefix=${join(dir, `log-${prefix}`)}`,
          '-f',
          file,
          databaseUrl,
        ],
        {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      )
    } catch (error) {
      throw new Error(`pgbench ${name}: ${String(error.stderr).split('\n').slice(0, 3).join(' ')}`)
    }
    const tps = Number(/tps = ([\d.]+)/.exec(text)?.[1] ?? 0)
    const latency = Number(/latency average = ([\d.]+) ms/.exec(text)?.[1] ?? 0)
    const failed = Number(/number of failed transactions: (\d+)/.exec(text)?.[1] ?? 0)
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
    const row = {
      scenario: `pgbench ${name}`,
      tps: Math.round(tps),
      latencyMs: latency,
      ...percentiles(dir, `log-${prefix}`),
      failed,
      loadavg: load,
    }
    out.push(row)
    console.log(JSON.stringify(row))
  }
  return out
}
