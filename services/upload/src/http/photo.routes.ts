/** /photos: start a single-shot upload, finalize it (and poll it), read one photo. */
import { defineRoute, type AnyRouteDef } from '@studio/http';
import type { Services } from '../services/index.js';
import { createPhotoBody, photoParams } from './photo.schema.js';
import { createPhotoResponse, getPhotoResponse, photoResponse } from './response.schema.js';

export function photoRoutes({ photos }: Services): AnyRouteDef[] {
  const routes = [
    defineRoute({
      method: 'post',
      path: '/photos',
      operationId: 'createPhoto',
      summary: 'Start a single-shot upload: a pending photo and a presigned PUT URL for its bytes',
      tags: ['uploads'],
      auth: 'token',
      response: createPhotoResponse,
      body: createPhotoBody,
      status: 201,
      errors: ['forbidden'],
      handler: async ({ principal, body }) => ({
        ok: true,
        ...(await photos.create(principal, {
          shootId: body.shoot_id,
          fileName: body.file_name,
          contentType: body.content_type,
          size: body.size,
          sha256: body.sha256,
        })),
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/photos/:id/finalize',
      operationId: 'finalizePhoto',
      summary: 'Check the uploaded object and start processing; again later: the current state (poll for ready)',
      tags: ['uploads'],
      auth: 'token',
      response: photoResponse,
      params: photoParams,
      errors: ['forbidden'],
      handler: async ({ principal, params }) => ({ ok: true, ...(await photos.finalize(principal, params.id)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/photos/:id',
      operationId: 'getPhoto',
      summary: 'Read one photo (a pending one carries a fresh upload URL for photographer roles)',
      tags: ['uploads'],
      auth: 'token',
      response: getPhotoResponse,
      params: photoParams,
      handler: async ({ principal, params }) => ({ ok: true, ...(await photos.get(principal, params.id)) }),
    }),
  ];
  return routes;
}
