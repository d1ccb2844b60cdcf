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
      description:
        "Needs the photographer role or above in the shoot's workspace (403 below it, 404 outside the caller's tenant). Reserves a pending photo and returns it with 201 and a presigned PUT URL signed for the declared size and content type; PUT the bytes there, then call POST /photos/{id}/finalize. A file larger than the single-shot limit is 400 (use an upload session); a photo never finalized is failed once its upload URL has expired.",
      tags: ['uploads'],
      auth: 'token',
      idempotent: true,
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
      description:
        "Needs the photographer role or above in the photo's workspace. Checks the uploaded object against the declared size and SHA-256 and moves the photo to processing, emitting photo.uploaded; a failed check is 400 and the photo stays pending, so the bytes can be PUT again. On a photo already past pending it returns the current state without a second event, which is how a client polls for ready.",
      tags: ['uploads'],
      auth: 'token',
      idempotent: true,
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
      description:
        "Any member of the photo's workspace may read it. Returns the photo; while it is pending, callers with the photographer role or above also get a fresh upload URL (and its upload window is extended to that URL's expiry) so a failed PUT can be retried. A photo of another tenant is 404.",
      tags: ['uploads'],
      auth: 'token',
      response: getPhotoResponse,
      params: photoParams,
      handler: async ({ principal, params }) => ({ ok: true, ...(await photos.get(principal, params.id)) }),
    }),
  ];
  return routes;
}
