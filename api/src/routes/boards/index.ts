import { boardImportInput } from '@domain/boards/transfer'
import { bindBoardInput, boardInput, boardPatch } from '@domain/widgets/schemas'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { callerOf } from '../../http/caller'
import { envelope, listEnvelope, ok, page } from '../../http/envelope'
import { searchListQuery } from '../../http/list-query'
import { nodeIdParams } from '../../http/params'
import { exportBoard, importBoard } from '../../services/board-transfer'
import {
  bindBoard,
  createBoard,
  editBoard,
  getHomeBoard,
  getNodeBoard,
  listNodeBoards,
  removeBoard,
  setHomeBoard,
} from '../../services/boards'
import { deletedSchema, errors } from '../statuses/schemas'
import { boardDocumentOut, boardParams, boardSchema, homeInput, importAnswerSchema } from './schemas'

/** /api/boards: a node's boards — grids of widgets — and each user's home board. */
export const boardsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:nodeId',
    {
      schema: {
        tags: ['boards'],
        summary: 'The boards the caller may view (board_view; is_admin sees all), a page at a time, by name',
        params: nodeIdParams,
        querystring: searchListQuery,
        response: { 200: listEnvelope(boardSchema), ...errors },
      },
    },
    async (req) => {
      const { rows, total } = await listNodeBoards(app.db, callerOf(req), req.params.nodeId, req.query)
      return page(rows, total, req.query)
    },
  )

  app.get(
    '/:nodeId/home',
    {
      schema: {
        tags: ['boards'],
        summary: "The caller's home board, or null",
        description:
          'The board the caller chose (PUT) if they may still view it, else the node’s default board if they may view it, else null.',
        params: nodeIdParams,
        response: { 200: envelope(boardSchema.nullable()), ...errors },
      },
    },
    async (req) => ok(await getHomeBoard(app.db, callerOf(req), req.params.nodeId)),
  )

  app.put(
    '/:nodeId/home',
    {
      schema: {
        tags: ['boards'],
        summary: "Sets the caller's home board (one they may view), or with null goes back to the default",
        description:
          'An unknown or another node’s board answers 404 boards.board_not_found, one the caller may not view 403. Answers the home board as GET does.',
        params: nodeIdParams,
        body: homeInput,
        response: { 200: envelope(boardSchema.nullable()), ...errors },
      },
      config: { leavesAuth: true },
    },
    async (req) =>
      ok(
        await setHomeBoard(app.db, callerOf(req), req.params.nodeId, req.body.board_id),
        'boards.board_edited',
      ),
  )

  app.get(
    '/:nodeId/:boardId/export',
    {
      schema: {
        tags: ['boards'],
        summary: 'A board and its widgets as a document of no node, for import elsewhere (is_admin)',
        description:
          'format nodus.board, version 1. Widgets are named by refs (w1, w2… in the grid’s reading order) which the layout’s items use; settings name fields by name and queries are text, never ids.',
        params: boardParams,
        response: { 200: envelope(boardDocumentOut), ...errors },
      },
    },
    async (req) => ok(await exportBoard(app.db, callerOf(req), req.params.nodeId, req.params.boardId)),
  )

  app.post(
    '/:nodeId/import',
    {
      schema: {
        tags: ['boards'],
        summary: 'Imports a board document (is_admin): the board, its widgets and layout, in one go',
        description:
          'A document that is not one answers 422 boards.import_invalid. Every widget is checked against this node (type, settings against its fields, query); problems are listed with their path in the document and nothing is created. With `dry_run: true` nothing is created either: the answer shows what would be. The new board is never the default.',
        params: nodeIdParams,
        body: boardImportInput,
        response: { 200: envelope(importAnswerSchema), ...errors },
      },
      config: { leavesAuth: true },
    },
    async (req) => {
      const answer = await importBoard(app.db, callerOf(req), req.params.nodeId, req.body)
      return answer.created ? ok(answer, 'boards.board_imported') : ok(answer)
    },
  )

  app.get(
    '/:nodeId/:boardId',
    {
      schema: {
        tags: ['boards'],
        summary: 'One board with its widgets (board_view on it)',
        params: boardParams,
        response: { 200: envelope(boardSchema), ...errors },
      },
    },
    async (req) => ok(await getNodeBoard(app.db, callerOf(req), req.params.nodeId, req.params.boardId)),
  )

  app.post(
    '/:nodeId',
    {
      schema: {
        tags: ['boards'],
        summary: 'Creates a board (is_admin); widgets are put on it with bind-board',
        description:
          'A new board has no widgets, so a non-empty layout answers 422 boards.layout_unknown_item. `is_default: true` takes the default from the board that had it.',
        params: nodeIdParams,
        body: boardInput,
        response: { 201: envelope(boardSchema), ...errors },
      },
      config: { leavesAuth: true },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(
          ok(await createBoard(app.db, callerOf(req), req.params.nodeId, req.body), 'boards.board_created'),
        ),
  )

  app.patch(
    '/:nodeId/:boardId',
    {
      schema: {
        tags: ['boards'],
        summary: "Edits a board's name, settings, layout or default flag (is_admin)",
        description:
          'Layout items are clamped to the grid (spec §5) and must name widgets bound to the board (else 422 boards.layout_unknown_item); bound widgets the layout leaves out are placed below the rest. Answers the layout as kept. `is_default: true` moves the default here.',
        params: boardParams,
        body: boardPatch,
        response: { 200: envelope(boardSchema), ...errors },
      },
      config: { leavesAuth: true },
    },
    async (req) =>
      ok(
        await editBoard(app.db, callerOf(req), req.params.nodeId, req.params.boardId, req.body),
        'boards.board_edited',
      ),
  )

  app.delete(
    '/:nodeId/:boardId',
    {
      schema: {
        tags: ['boards'],
        summary: 'Deletes a board (is_admin); its widgets stay, unbound from it',
        params: boardParams,
        response: { 200: envelope(deletedSchema), ...errors },
      },
      config: { leavesAuth: true },
    },
    async (req) =>
      ok(
        await removeBoard(app.db, callerOf(req), req.params.nodeId, req.params.boardId),
        'boards.board_deleted',
      ),
  )
}

/** POST /api/widgets/bind-board/{nodeId}: lives with the widgets' routes, answers a Board. */
export const bindBoardRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/bind-board/:nodeId',
    {
      schema: {
        tags: ['widgets'],
        summary: 'Puts widgets on a board, or with `unbind: true` takes them off (is_admin)',
        description:
          'Both idempotent. A newly bound widget is placed below the rest at its type’s default size; an unbound one’s item leaves the layout. Unknown or another node’s board or widgets answer 404 (boards.board_not_found, widgets.widget_not_found with its index). Answers the board.',
        params: nodeIdParams,
        body: bindBoardInput,
        response: { 200: envelope(boardSchema), ...errors },
      },
      config: { leavesAuth: true },
    },
    async (req) =>
      ok(
        await bindBoard(app.db, callerOf(req), req.params.nodeId, req.body),
        req.body.unbind ? 'boards.widgets_unbound' : 'boards.widgets_bound',
      ),
  )
}
