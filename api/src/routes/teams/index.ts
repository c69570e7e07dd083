import { bindTeamInput, teamInput, teamPatch } from '@domain/workflow/schemas'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { callerOf } from '../../http/caller'
import { envelope, listEnvelope, ok, page } from '../../http/envelope'
import { searchListQuery } from '../../http/list-query'
import { idSchema, nodeIdParams } from '../../http/params'
import { bindTeam, createTeam, editTeam, getNodeTeam, listNodeTeams, removeTeam } from '../../services/teams'
import { deletedSchema, errors } from '../statuses/schemas'

const teamParams = z.object({ nodeId: idSchema, teamId: idSchema })

export const teamSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  description: z.string(),
  user_ids: z.array(z.string().uuid()),
})

/** /api/teams: a node's teams and their members; rights are granted to them at /api/rights. */
export const teamsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:nodeId',
    {
      schema: {
        tags: ['teams'],
        summary: "A node's teams with their members' ids, a page at a time, by name (is_authorized)",
        params: nodeIdParams,
        querystring: searchListQuery,
        response: { 200: listEnvelope(teamSchema), ...errors },
      },
    },
    async (req) => {
      const { rows, total } = await listNodeTeams(app.db, callerOf(req), req.params.nodeId, req.query)
      return page(rows, total, req.query)
    },
  )

  app.get(
    '/:nodeId/:teamId',
    {
      schema: {
        tags: ['teams'],
        summary: "One team of the node with its members' ids (is_authorized)",
        params: teamParams,
        response: { 200: envelope(teamSchema), ...errors },
      },
    },
    async (req) => ok(await getNodeTeam(app.db, callerOf(req), req.params.nodeId, req.params.teamId)),
  )

  app.post(
    '/:nodeId',
    {
      schema: {
        tags: ['teams'],
        summary: 'Creates a team (is_admin); members are added with bind-team',
        params: nodeIdParams,
        body: teamInput,
        response: { 201: envelope(teamSchema), ...errors },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(ok(await createTeam(app.db, callerOf(req), req.params.nodeId, req.body), 'teams.team_created')),
  )

  app.patch(
    '/:nodeId/:teamId',
    {
      schema: {
        tags: ['teams'],
        summary: "Edits a team's name or description (is_admin)",
        params: teamParams,
        body: teamPatch,
        response: { 200: envelope(teamSchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await editTeam(app.db, callerOf(req), req.params.nodeId, req.params.teamId, req.body),
        'teams.team_edited',
      ),
  )

  app.delete(
    '/:nodeId/:teamId',
    {
      schema: {
        tags: ['teams'],
        summary: 'Deletes a team with its memberships and the rights granted to it (is_admin)',
        description:
          'Refused with 409 teams.team_in_use while a process transition names the team, and with 422 rights.cannot_revoke_own_admin when the team is how the caller holds is_admin or is_authorized.',
        params: teamParams,
        response: { 200: envelope(deletedSchema), ...errors },
      },
    },
    async (req) =>
      ok(await removeTeam(app.db, callerOf(req), req.params.nodeId, req.params.teamId), 'teams.team_deleted'),
  )

  app.post(
    '/bind-team/:nodeId',
    {
      schema: {
        tags: ['teams'],
        summary: 'Adds users of the node to a team, or with `unbind: true` removes them (is_admin)',
        description:
          'Both are idempotent. Every user must be bound to the node (else 404 users.user_not_found with its index). Removing the caller from the team through which they hold is_admin or is_authorized answers 422 rights.cannot_revoke_own_admin. Answers the team with its members.',
        params: nodeIdParams,
        body: bindTeamInput,
        response: { 200: envelope(teamSchema), ...errors },
      },
    },
    async (req) =>
      ok(
        await bindTeam(app.db, callerOf(req), req.params.nodeId, req.body),
        req.body.unbind ? 'teams.members_unbound' : 'teams.members_bound',
      ),
  )
}
