import {
  keepBound,
  layoutsPatchSchema,
  NARROW_BREAKPOINTS,
  type OwnLayouts,
} from '@domain/boards/breakpoints'
import { type LayoutItem, layoutSchema } from '@domain/boards/grid'
import {
  BOARD_EXPORT_FORMAT,
  BOARD_EXPORT_VERSION,
  type BoardDocument,
  boardDocumentSchema,
} from '@domain/boards/transfer'
import { type DetailEntry, messageFor } from '@domain/errors/catalogue'
import { issueDetail } from '@domain/errors/issues'
import { getWidgetType, isWidgetType } from '@domain/widgets/registry'
import type { Db } from '../db/client'
import type { Caller } from '../http/caller'
import { InvalidInput, notFound } from '../http/errors'
import {
  type BoardSettings,
  bindWidgets,
  findBoard,
  insertBoard,
  insertWidget,
  updateBoard,
  type WidgetRow,
  widgetsOnBoards,
} from '../repositories/boards-repository'
import { requireNodeRight } from './access'
import { settleLayout } from './boards'
import { nodeConfig } from './node-config'
import { auditIn } from './statuses'
import { checkSettings, checkWidgetQuery, settingsContext } from './widgets'

/*
 * A board's export and import (domain/boards/transfer.ts). The export names widgets by refs of
 * its own; the import checks every widget against the importing node (type, settings against its
 * fields, query) and creates the board, its widgets, their binding and the layout in one
 * transaction — or, with dry_run or any problem, nothing.
 */

export interface ExportedBoard {
  format: typeof BOARD_EXPORT_FORMAT
  version: typeof BOARD_EXPORT_VERSION
  board: { name: string; layout: LayoutItem[]; layouts: OwnLayouts; settings: BoardSettings }
  widgets: { ref: string; type: string; title: string; settings: Record<string, unknown>; query: string }[]
}

/** The board as a document of no node: widgets as w1, w2… in the grid's reading order. */
export async function exportBoard(
  db: Db,
  c: Caller,
  nodeId: string,
  boardId: string,
): Promise<ExportedBoard> {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  const board = await findBoard(db, nodeId, boardId)
  if (!board) throw notFound('boards.board_not_found', ['params', 'boardId'])
  const bound = (await widgetsOnBoards(db, nodeId, [boardId])).get(boardId) ?? []
  const layout = settleLayout(board.layout, bound)
  const order = new Map(layout.map((it, n) => [it.i, n]))
  const sorted = [...bound].sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
  const refOf = new Map(sorted.map((w, n) => [w.id, `w${n + 1}`]))
  return {
    format: BOARD_EXPORT_FORMAT,
    version: BOARD_EXPORT_VERSION,
    board: {
      name: board.name,
      layout: layout.map((it) => ({ ...it, i: refOf.get(it.i)! })),
      // The breakpoints an administrator edited; the others are derived again where it is imported.
      layouts: renameItems(keepBound(board.layouts, new Set(refOf.keys())), (id) => refOf.get(id)!),
      settings: board.settings,
    },
    widgets: sorted.map((w) => ({
      ref: refOf.get(w.id)!,
      type: w.type,
      title: w.title,
      settings: w.settings,
      query: w.query,
    })),
  }
}

export interface ImportProblem {
  path: string
  type: string
  msg: string
}

export interface ImportAnswer {
  board: { name: string }
  widgets: { title: string; type: string }[]
  problems: ImportProblem[]
  created: boolean
  board_id?: string
}

const problem = (d: DetailEntry): ImportProblem => ({
  path: (d.loc ?? []).join('.'),
  type: d.type,
  msg: d.msg,
})
const at = (path: (string | number)[], type: string): ImportProblem => ({
  path: path.join('.'),
  type,
  msg: messageFor(type),
})

interface Planned {
  ref: string
  type: string
  title: string
  settings: Record<string, unknown>
  query: string
}

/** The document checked against the node: what would be made, and every problem found. */
async function plan(db: Db, nodeId: string, userId: string, doc: BoardDocument) {
  const config = await nodeConfig(db, nodeId)
  const customs = config.customs
  const ctx = settingsContext(customs, config)
  const problems: ImportProblem[] = []
  const widgets: Planned[] = []
  const refs = new Set<string>()
  doc.widgets.forEach((w, n) => {
    const where = ['widgets', n]
    if (refs.has(w.ref)) problems.push(at([...where, 'ref'], 'boards.layout_duplicate_id'))
    refs.add(w.ref)
    if (!isWidgetType(w.type)) {
      problems.push(at([...where, 'type'], 'widgets.unknown_type'))
      return
    }
    const settings = checkSettings(getWidgetType(w.type), ctx, w.settings, where)
    const query = (w.query ?? '').trim()
    problems.push(
      ...[...settings.problems, ...checkWidgetQuery(query, customs, userId, [...where, 'query'])].map(
        problem,
      ),
    )
    widgets.push({ ref: w.ref, type: w.type, title: w.title, settings: settings.value, query })
  })
  let layout: LayoutItem[] = []
  const parsed = layoutSchema.safeParse(doc.board.layout ?? [])
  if (!parsed.success)
    problems.push(...parsed.error.issues.map((i) => problem(issueDetail(i, ['board', 'layout', ...i.path]))))
  else {
    layout = parsed.data
    layout.forEach((it, n) => {
      if (!refs.has(it.i)) problems.push(at(['board', 'layout', n, 'i'], 'boards.layout_unknown_item'))
    })
  }
  const layouts: OwnLayouts = {}
  const own = layoutsPatchSchema.safeParse(doc.board.layouts ?? {})
  if (!own.success)
    problems.push(...own.error.issues.map((i) => problem(issueDetail(i, ['board', 'layouts', ...i.path]))))
  else {
    for (const bp of NARROW_BREAKPOINTS) {
      const items = own.data[bp]
      if (!items) continue
      layouts[bp] = items
      items.forEach((it, n) => {
        if (!refs.has(it.i)) problems.push(at(['board', 'layouts', bp, n, 'i'], 'boards.layout_unknown_item'))
      })
    }
  }
  return { widgets, layout, layouts, problems }
}

/** The same layouts with every item's `i` renamed (ids to refs and back). */
function renameItems(own: OwnLayouts, name: (i: string) => string): OwnLayouts {
  const out: OwnLayouts = {}
  for (const bp of NARROW_BREAKPOINTS) {
    const items = own[bp]
    if (items) out[bp] = items.map((it) => ({ ...it, i: name(it.i) }))
  }
  return out
}

/**
 * Imports a board document (is_admin). A document that is not one answers 422
 * boards.import_invalid; problems with its widgets or layout are reported and nothing is created.
 */
export async function importBoard(
  db: Db,
  c: Caller,
  nodeId: string,
  input: { document?: unknown; dry_run?: boolean },
): Promise<ImportAnswer> {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  const read = boardDocumentSchema.safeParse(input.document)
  if (!read.success)
    throw new InvalidInput([
      { type: 'boards.import_invalid', msg: messageFor('boards.import_invalid'), loc: ['body', 'document'] },
      ...read.error.issues.slice(0, 20).map((i) => issueDetail(i, ['body', 'document', ...i.path])),
    ])
  const doc = read.data
  const { widgets, layout, layouts, problems } = await plan(db, nodeId, c.auth.user.id, doc)
  const answer: ImportAnswer = {
    board: { name: doc.board.name },
    widgets: doc.widgets.map((w) => ({ title: w.title, type: w.type })),
    problems,
    created: false,
  }
  if (input.dry_run || problems.length) return answer
  const boardId = await db.transaction(async (tx) => {
    const board = await insertBoard(tx, nodeId, {
      name: doc.board.name,
      layout: [],
      settings: doc.board.settings ?? {},
      isDefault: false,
    })
    const made: WidgetRow[] = []
    const idOf = new Map<string, string>()
    for (const w of widgets) {
      const row = await insertWidget(tx, nodeId, {
        type: w.type,
        title: w.title,
        settings: w.settings,
        query: w.query,
      })
      made.push(row)
      idOf.set(w.ref, row.id)
    }
    await bindWidgets(
      tx,
      nodeId,
      board.id,
      made.map((w) => w.id),
    )
    const remapped = layout.map((it) => ({ ...it, i: idOf.get(it.i)! }))
    await updateBoard(tx, nodeId, board.id, {
      layout: settleLayout(remapped, made),
      layouts: renameItems(layouts, (ref) => idOf.get(ref)!),
    })
    await auditIn(tx, c, nodeId, 'boards.board_imported', board.id, {
      name: board.name,
      widgets: made.length,
    })
    return board.id
  })
  return { ...answer, created: true, board_id: boardId }
}
