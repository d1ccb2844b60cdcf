import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { listOperations, openApiFragment } from '@studio/http/openapi';
import { validateOpenApi } from '@studio/testkit/openapi';
import type { Services } from '../services/index.js';
import type { aiJobRecord, uploadFileRecord, uploadSessionRecord, uploadSessionSummaryRecord } from '@studio/contracts/records';
import type { serializeFile, serializeJob } from '../services/serializers.js';
import { uploadRoutes } from './http-app.js';
import type * as r from './response.schema.js';
import { registerFilesBody } from './upload-session.schema.js';

type Documented<S extends z.ZodType> = Omit<z.output<S>, 'ok'>;
type Result<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

describe("upload's OpenAPI fragment", () => {
  const routes = uploadRoutes({} as Services);

  it('is a valid OpenAPI 3.1 document with a response schema for every route', async () => {
    const doc = openApiFragment(routes, { title: 'upload service', requireResponses: true });
    expect((await validateOpenApi(doc)).errors).toEqual([]);
    expect(listOperations(doc)).toHaveLength(routes.routes.length);
    expect(doc.paths['/ai/cull-jobs']!.post!.responses).toHaveProperty('202');
  });

  it('documents both body forms of POST /upload-sessions/{id}/files (a preprocess has no JSON Schema of its own)', () => {
    const doc = openApiFragment(routes, { title: 'upload service' });
    const op = doc.paths['/upload-sessions/{id}/files']!.post!;
    const schema = (op.requestBody as { content: Record<string, { schema: { anyOf: { required: string[] }[] } }> }).content[
      'application/json'
    ]!.schema;
    expect(schema.anyOf.map((s) => s.required)).toEqual([['files'], ['file_name', 'size', 'content_type']]);
    // Both forms validate, as documented.
    const file = { file_name: 'a.jpg', size: 10, content_type: 'image/jpeg' };
    expect(registerFilesBody.safeParse(file).success).toBe(true);
    expect(registerFilesBody.safeParse({ files: [file] }).success).toBe(true);
  });

  it('documents exactly what the serializers return (checked by the compiler)', () => {
    // The record serializers derive from the records; the compositions over them must still answer the records.
    expectTypeOf<ReturnType<typeof serializeFile>>().toEqualTypeOf<z.output<typeof uploadFileRecord>>();
    expectTypeOf<ReturnType<typeof serializeJob>>().toEqualTypeOf<z.output<typeof aiJobRecord>>();
    expectTypeOf<Result<Services['photos']['create']>>().toEqualTypeOf<Documented<typeof r.createPhotoResponse>>();
    expectTypeOf<Result<Services['photos']['get']>>().toEqualTypeOf<Documented<typeof r.getPhotoResponse>>();
    expectTypeOf<Result<Services['photos']['finalize']>>().toEqualTypeOf<Documented<typeof r.photoResponse>>();
    expectTypeOf<Result<Services['sessions']['registerFiles']>>().toEqualTypeOf<Documented<typeof r.registerFilesResponse>>();
    expectTypeOf<Result<Services['sessions']['signParts']>>().toEqualTypeOf<Documented<typeof r.signPartsResponse>>();
    expectTypeOf<Result<Services['sessions']['recordPart']>>().toEqualTypeOf<Documented<typeof r.recordPartResponse>>();
    expectTypeOf<Result<Services['sessions']['completeFile']>>().toEqualTypeOf<Documented<typeof r.completeFileResponse>>();
    expectTypeOf<Result<Services['sessions']['abortFile']>>().toEqualTypeOf<Documented<typeof r.fileResponse>>();
    expectTypeOf<Result<Services['sessions']['resume']>['files']>().toEqualTypeOf<Documented<typeof r.resumeResponse>['files']>();
    expectTypeOf<Result<Services['cullJobs']['create']>>().toEqualTypeOf<Documented<typeof r.aiJobResponse>>();
    expectTypeOf<Result<Services['cullJobs']['get']>>().toEqualTypeOf<Documented<typeof r.aiJobResponse>>();
    // Session answers: serializeSession's type is a union of the summary and the full form, so the compiler can
    // only check that each form matches one documented schema; which form each route sends is checked end to end.
    type SessionForms = Result<Services['sessions']['get']>['session'];
    expectTypeOf<Extract<SessionForms, { files: unknown }>>().toEqualTypeOf<z.output<typeof uploadSessionRecord>>();
    expectTypeOf<Exclude<SessionForms, { files: unknown }>>().toEqualTypeOf<z.output<typeof uploadSessionSummaryRecord>>();
  });
});
