// The issue 26 bench board: a sixth status in the first bench process's flow holding a sixth of
// the tasks, and a board holding one kanban of those six columns × 20 cards (no swimlanes).
// Shared by bench/kanban.mjs (the node's default board) and bench/ab-pages.mjs (`--pages=kanban`,
// a board of its own so /lk stays the home board).

/** Adds the status, the widget and the board; `{ widgetId, boardId, columns }`. */
export async function addKanbanBoard(db, gen, { isDefault = true } = {}) {
  const nodeId = gen.nodeId
  const processId = gen.processIds[0]
  const { id: blocked } = (
    await db.query(`insert into statuses (node_id, name) values ($1, 'bench Blocked') returning id`, [nodeId])
  ).rows[0]
  const { progress_id: progressId } = (
    await db.query('select progress_id from processes where id = $1', [processId])
  ).rows[0]
  await db.query(
    'insert into progress_statuses (node_id, progress_id, status_id, position) values ($1, $2, $3, 5)',
    [nodeId, progressId, blocked],
  )
  await db.query('update tasks set status_id = $2 where node_id = $1 and number % 6 = 5', [nodeId, blocked])
  await db.query('vacuum analyze tasks')
  const columns = [...gen.statusIds, blocked]
  const settings = {
    process_id: processId,
    view: { columns, swimlane: 'none' },
    pagination: { per_page: 20 },
  }
  const { id: widgetId } = (
    await db.query(
      `insert into widgets (node_id, type, title, settings, query) values ($1, 'kanban', 'Kanban', $2, '') returning id`,
      [nodeId, JSON.stringify(settings)],
    )
  ).rows[0]
  const { id: boardId } = (
    await db.query(
      `insert into boards (node_id, name, layout, is_default) values ($1, 'Team board', $2, $3) returning id`,
      [nodeId, JSON.stringify([{ i: widgetId, x: 0, y: 0, w: 48, h: 24 }]), isDefault],
    )
  ).rows[0]
  await db.query('insert into board_widgets (node_id, board_id, widget_id) values ($1, $2, $3)', [
    nodeId,
    boardId,
    widgetId,
  ])
  return { widgetId, boardId, columns }
}
