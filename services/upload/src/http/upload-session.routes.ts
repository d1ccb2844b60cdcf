/** /upload-sessions: multipart upload sessions with pause, resume and per-file assembly. */
import type { z } from 'zod';
import { defineRoute, type AnyRouteDef, type RouteDef } from '@studio/http';
import type { Services } from '../services/index.js';
import {
  completePartBody,
  createSessionBody,
  fileParams,
  registerFilesBody,
  sessionParams,
  signPartsBody,
} from './upload-session.schema.js';
import {
  completeFileResponse,
  fileResponse,
  finalizeSessionResponse,
  recordPartResponse,
  registerFilesResponse,
  resumeResponse,
  sessionResponse,
  signPartsResponse,
} from './response.schema.js';

export function uploadSessionRoutes({ sessions }: Services): AnyRouteDef[] {
  const routes = [
    defineRoute({
      method: 'post',
      path: '/upload-sessions',
      operationId: 'createUploadSession',
      summary: 'Open a multipart upload session for a shoot',
      description:
        "Needs the photographer role or above in the shoot's workspace (403 below it, 404 outside the caller's tenant). Opens an in-flight multipart upload session for the shoot and returns it with 201; register its files next. A session left idle too long expires.",
      tags: ['uploads'],
      auth: 'token',
      idempotent: true,
      response: sessionResponse,
      body: createSessionBody,
      status: 201,
      errors: ['forbidden'],
      handler: async ({ principal, body }) => ({ ok: true, ...(await sessions.create(principal, body.shoot_id)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/upload-sessions/:id',
      operationId: 'getUploadSession',
      summary: 'Read a session with its files and recorded parts',
      description:
        "Any member of the session's workspace may read it. Returns the session with its files, their states and the parts recorded so far. A session of another tenant is 404.",
      tags: ['uploads'],
      auth: 'token',
      response: sessionResponse,
      params: sessionParams,
      handler: async ({ principal, params }) => ({ ok: true, ...(await sessions.get(principal, params.id)) }),
    }),
    action({
      path: '/upload-sessions/:id/files',
      operationId: 'registerUploadFiles',
      summary: 'Register one or several files; each gets its own multipart upload',
      description:
        "Needs the photographer role or above in the session's workspace. Registers the files (name, content type, size, SHA-256, optional part size), starts one object-store multipart upload per file and returns each file with its part size and part count, with 201. Too many files is 400; a paused, finalized or expired session is 409.",
      response: registerFilesResponse,
      params: sessionParams,
      body: registerFilesBody,
      status: 201,
      run: ({ principal, params, body }) =>
        sessions.registerFiles(
          principal,
          params.id,
          body.files.map((f) => ({
            fileName: f.file_name,
            contentType: f.content_type,
            size: f.size,
            sha256: f.sha256,
            partSize: f.part_size,
          })),
        ),
    }),
    action({
      path: '/upload-sessions/:id/files/:fileId/parts/sign',
      operationId: 'signUploadParts',
      summary: 'Presigned UploadPart URLs for some parts of a file (409 while the session is paused)',
      description:
        "Needs the photographer role or above in the session's workspace. Returns presigned PUT URLs for the asked part numbers of an uploading file, each signed for that part's exact size. A part number beyond the file's part count is 400; a paused, finalized or expired session, or a completed or aborted file, is 409.",
      response: signPartsResponse,
      params: fileParams,
      body: signPartsBody,
      run: ({ principal, params, body }) => sessions.signParts(principal, params.id, params.fileId, body.part_numbers),
    }),
    action({
      path: '/upload-sessions/:id/files/:fileId/parts/complete',
      operationId: 'recordUploadPart',
      summary: 'Record the ETag the object store returned for one uploaded part',
      description:
        "Needs the photographer role or above in the session's workspace. Records the ETag the object store returned for one uploaded part, so the file can be assembled and a resume knows the part is done; allowed while the session is paused. A part number beyond the file's part count is 400; a finalized or expired session, or a completed or aborted file, is 409.",
      response: recordPartResponse,
      params: fileParams,
      body: completePartBody,
      run: ({ principal, params, body }) => sessions.recordPart(principal, params.id, params.fileId, body.part_number, body.etag),
    }),
    action({
      path: '/upload-sessions/:id/files/:fileId/complete',
      operationId: 'completeUploadFile',
      summary: 'Assemble a file from its recorded parts and create its photo',
      description:
        "Needs the photographer role or above in the session's workspace. Assembles the file from its recorded parts and creates its photo in processing, emitting photo.uploaded, as a single-shot finalize does. Parts without a recorded ETag are 400 and every recorded part is kept; an assembled object of the wrong size or hash is deleted and the file restarts with a fresh multipart upload (also 400).",
      response: completeFileResponse,
      params: fileParams,
      run: ({ principal, params }) => sessions.completeFile(principal, params.id, params.fileId),
    }),
    action({
      path: '/upload-sessions/:id/files/:fileId/abort',
      operationId: 'abortUploadFile',
      summary: 'Abort one file and free its uploaded parts',
      description:
        "Needs the photographer role or above in the session's workspace. Aborts the file's multipart upload, which frees its uploaded parts, and returns the file as aborted; aborting an aborted file again returns it unchanged. A completed file is 409.",
      response: fileResponse,
      params: fileParams,
      run: ({ principal, params }) => sessions.abortFile(principal, params.id, params.fileId),
    }),
    action({
      path: '/upload-sessions/:id/finalize',
      operationId: 'finalizeUploadSession',
      summary: 'Close the session; files still uploading are aborted and reported in incomplete_files',
      description:
        "Needs the photographer role or above in the session's workspace. Closes the session: files still uploading are aborted (their parts freed), listed in incomplete_files and kept on the session with abort_reason session_finalized. Finalizing again returns the same report; an expired session is 409.",
      response: finalizeSessionResponse,
      params: sessionParams,
      run: ({ principal, params }) => sessions.finalize(principal, params.id),
    }),
    action({
      path: '/upload-sessions/:id/resume',
      operationId: 'resumeUploadSession',
      summary: 'Resume manifest: per file the parts done with ETags, the parts missing and fresh URLs for them',
      description:
        "Needs the photographer role or above in the session's workspace. Returns the session and, per file, the parts done with their ETags, the part numbers still missing and fresh presigned URLs for a first batch of them (sign the rest with parts/sign). A paused, finalized or expired session is 409.",
      response: resumeResponse,
      params: sessionParams,
      run: ({ principal, params }) => sessions.resume(principal, params.id),
    }),
    action({
      path: '/upload-sessions/:id/pause',
      operationId: 'pauseUploadSession',
      summary: 'Pause an in-flight session (signing is refused until it is unpaused)',
      description:
        "Needs the photographer role or above in the session's workspace. Moves an in-flight session to paused and returns it; while it is paused, signing part URLs, registering files and resuming are refused with 409. Pausing a paused session changes nothing; a finalized or expired session is 409.",
      response: sessionResponse,
      params: sessionParams,
      run: ({ principal, params }) => sessions.pause(principal, params.id),
    }),
    action({
      path: '/upload-sessions/:id/unpause',
      operationId: 'unpauseUploadSession',
      summary: 'Put a paused session in flight again',
      description:
        "Needs the photographer role or above in the session's workspace. Moves a paused session back in flight so part URLs can be signed again, and returns it; unpausing an in-flight session changes nothing. A finalized or expired session is 409.",
      response: sessionResponse,
      params: sessionParams,
      run: ({ principal, params }) => sessions.unpause(principal, params.id),
    }),
  ];
  return routes;
}

type ActionDef<P extends z.ZodType, B extends z.ZodType | undefined> = Omit<
  RouteDef<P, undefined, B, undefined, 'token'>,
  'method' | 'tags' | 'auth' | 'idempotent' | 'errors' | 'handler'
> & {
  params: P;
  /** The members of the answer besides `ok: true`. */
  run: (ctx: Parameters<RouteDef<P, undefined, B, undefined, 'token'>['handler']>[0]) => Promise<object>;
};

/**
 * An action on an existing session or one of its files: a POST that needs the photographer role (403 below it),
 * takes an Idempotency-Key and answers 409 when the session or file is in the wrong state for it.
 */
function action<P extends typeof sessionParams | typeof fileParams, B extends z.ZodType | undefined = undefined>({
  run,
  ...def
}: ActionDef<P, B>): RouteDef<P, undefined, B, undefined, 'token'> {
  return defineRoute({
    method: 'post',
    tags: ['uploads'],
    auth: 'token',
    idempotent: true,
    errors: ['forbidden', 'conflict'],
    ...def,
    handler: async (ctx) => ({ ok: true, ...(await run(ctx)) }),
  });
}
