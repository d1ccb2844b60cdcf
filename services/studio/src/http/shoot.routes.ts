/** /shoots: list and create within a workspace, read one, tick or untick a shot-list item. */
import { defineRoute, type AnyRouteDef } from '@studio/http';
import { requireWorkspace } from '@studio/identity/access';
import { workspaceIdsOf } from '@studio/identity';
import type { Services } from '../services/index.js';
import { createRoute, listRoute } from './record-routes.js';
import { createShootInput } from '../services/shoot.schema.js';
import { listShootsQuery, shootParams, shotListPatchBody } from './shoot.schema.js';
import { listShootsResponse, shootResponse } from './response.schema.js';

export function shootRoutes({ shoots, shotLists }: Services): AnyRouteDef[] {
  // Built before returning: the AnyRouteDef[] return type would otherwise widen each route's auth mode.
  const routes = [
    listRoute({
      path: '/shoots',
      operationId: 'listShoots',
      summary: 'List the shoots of a workspace, newest first',
      description:
        'Any member of the workspace named by workspace_id (required) may call it. Returns one page of its shoots, newest first, with next_cursor (limit 1 to 100). A workspace the caller does not reach is 404.',
      tag: 'shoots',
      response: listShootsResponse,
      query: listShootsQuery,
      list: (workspaceIds, query) => shoots.list(workspaceIds, query),
    }),
    createRoute({
      path: '/shoots',
      operationId: 'createShoot',
      summary: 'Create a planned shoot with a slug unique in its workspace',
      description:
        "Needs the photographer role or above in the workspace named in the body (403 below it, 404 outside the caller's tenant). Creates a planned shoot whose slug is made unique in the workspace, emits shoot.created and returns it with 201. Takes an Idempotency-Key header: the same key with the same body returns the first answer, with a different body 422.",
      tag: 'shoots',
      response: shootResponse,
      body: createShootInput,
      create: async (input) => ({ shoot: await shoots.create(input) }),
    }),
    defineRoute({
      method: 'get',
      path: '/shoots/:id',
      operationId: 'getShoot',
      summary: 'Read one shoot with its shot-list items',
      description:
        "Any member of the shoot's workspace may read it. Returns the shoot with its shot-list items and their done flags. A shoot of another tenant, or outside the token's workspaces, is 404.",
      tags: ['shoots'],
      auth: 'token',
      response: shootResponse,
      params: shootParams,
      handler: async ({ principal, params }) => ({ ok: true, shoot: await shoots.get(params.id, workspaceIdsOf(principal)) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/shoots/:id/shot-list',
      operationId: 'updateShotListItem',
      summary: 'Tick or untick one shot-list item (idempotent)',
      description:
        "Needs the photographer role or above in the shoot's workspace (403 below it, 404 outside the caller's tenant). Sets one shot-list item done or not done and returns the shoot; a change emits shoot.updated, and the tick that completes the list of a planned shoot also emits shoot.completed. An item already in the asked state changes nothing and emits nothing.",
      tags: ['shoots'],
      auth: 'token',
      response: shootResponse,
      params: shootParams,
      body: shotListPatchBody,
      errors: ['forbidden'],
      handler: async ({ principal, params, body }) => {
        const workspaceId = await shoots.workspaceOf(params.id, workspaceIdsOf(principal));
        requireWorkspace(principal, workspaceId, 'photographer');
        return { ok: true, shoot: await shotLists.setItem(params.id, workspaceId, body.item_id, body.done) };
      },
    }),
  ];
  return routes;
}
