/** /ai: start a cull job (202, runs on the worker) and poll any AI job. */
import { defineRoute, type AnyRouteDef } from '@studio/http';
import type { Services } from '../services/index.js';
import { queuedCullJob, succeededCullJob } from './ai.examples.js';
import { createCullJobBody, jobParams } from './ai.schema.js';
import { aiJobResponse } from './response.schema.js';

export function aiRoutes({ cullJobs }: Services): AnyRouteDef[] {
  const routes = [
    defineRoute({
      method: 'post',
      path: '/ai/cull-jobs',
      operationId: 'createCullJob',
      summary: "Queue a cull of a shoot's ready photos (sensitivity low | medium | high)",
      description:
        "Needs the photographer role or above in the shoot's workspace (403 below it, 404 outside the caller's tenant). Queues a cull of the shoot's ready photos at the given sensitivity and answers 202 with the queued job; poll it with GET /ai/jobs/{id}. When the job finishes it emits ai_job.done, and on success it also sets the shoot's keeper flags and emits ai.cull.completed.",
      tags: ['ai'],
      auth: 'token',
      idempotent: true,
      response: aiJobResponse,
      body: createCullJobBody,
      example: { request: { shoot_id: succeededCullJob.job.shoot_id, sensitivity: 'medium' }, response: queuedCullJob },
      status: 202,
      errors: ['forbidden'],
      handler: async ({ principal, body }) => ({ ok: true, ...(await cullJobs.create(principal, body.shoot_id, body.sensitivity)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/ai/jobs/:id',
      operationId: 'getAiJob',
      summary: 'Poll an AI job: state, progress and, when it succeeded, its result',
      description:
        "Any member of the job's workspace may poll it. Returns the job's state and progress and, once it succeeded, its result (or its error when it failed). A job of another tenant is 404.",
      tags: ['ai'],
      auth: 'token',
      response: aiJobResponse,
      params: jobParams,
      example: { response: succeededCullJob },
      handler: async ({ principal, params }) => ({ ok: true, ...(await cullJobs.get(principal, params.id)) }),
    }),
  ];
  return routes;
}
