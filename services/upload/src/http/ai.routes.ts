/** /ai: start a cull job (202, runs on the worker) and poll any AI job. */
import { defineRoute, type AnyRouteDef } from '@studio/http';
import type { Services } from '../services/index.js';
import { createCullJobBody, jobParams } from './ai.schema.js';
import { aiJobResponse } from './response.schema.js';

export function aiRoutes({ cullJobs }: Services): AnyRouteDef[] {
  const routes = [
    defineRoute({
      method: 'post',
      path: '/ai/cull-jobs',
      operationId: 'createCullJob',
      summary: "Queue a cull of a shoot's ready photos (sensitivity low | medium | high)",
      tags: ['ai'],
      auth: 'token',
      response: aiJobResponse,
      body: createCullJobBody,
      status: 202,
      errors: ['forbidden'],
      handler: async ({ principal, body }) => ({ ok: true, ...(await cullJobs.create(principal, body.shoot_id, body.sensitivity)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/ai/jobs/:id',
      operationId: 'getAiJob',
      summary: 'Poll an AI job: state, progress and, when it succeeded, its result',
      tags: ['ai'],
      auth: 'token',
      response: aiJobResponse,
      params: jobParams,
      handler: async ({ principal, params }) => ({ ok: true, ...(await cullJobs.get(principal, params.id)) }),
    }),
  ];
  return routes;
}
