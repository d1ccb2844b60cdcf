import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { listOperations, openApiFragment } from '@studio/http/openapi';
import { validateOpenApi } from '@studio/testkit/openapi';
import type {
  clientSessionRecord,
  favoriteRecord,
  galleryPhotoRecord,
  galleryRecord,
  publishedGalleryRecord,
} from '@studio/contracts/records';
import type { Services } from '../services/index.js';
import type { photoObject } from '../services/gallery-views.js';
import { galleryHttpRoutes } from './http-app.js';
import type * as r from './response.schema.js';

type Documented<S extends z.ZodType> = Omit<z.output<S>, 'ok'>;
type Result<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

describe("gallery's OpenAPI fragment", () => {
  const routes = galleryHttpRoutes({} as Services);

  it('is a valid OpenAPI 3.1 document with a response schema for every route', async () => {
    const doc = openApiFragment(routes, { title: 'gallery service', requireResponses: true });
    expect((await validateOpenApi(doc)).errors).toEqual([]);
    expect(listOperations(doc)).toHaveLength(routes.routes.length);
    const session = doc.paths['/client-sessions']!.post!;
    expect(session.security).toEqual([]);
    expect(doc.paths['/galleries/{id}']!.get!.security).toEqual([{ apiToken: [] }, { clientSession: [] }]);
    // The cross-field rule of the handler is documented: one of portal_token / magic_code.
    const body = (session.requestBody as { content: Record<string, { schema: Record<string, unknown> }> }).content['application/json']!
      .schema;
    expect(body.anyOf).toEqual([{ required: ['portal_token'] }, { required: ['magic_code'] }]);
    // DELETE /favorites may be sent without a body.
    expect((doc.paths['/galleries/{id}/favorites']!.delete!.requestBody as { required: boolean }).required).toBe(false);
  });

  it('documents exactly what the services return (checked by the compiler)', () => {
    expectTypeOf<Result<Services['galleries']['list']>>().toEqualTypeOf<Documented<typeof r.listGalleriesResponse>>();
    expectTypeOf<Result<Services['galleries']['create']>>().toEqualTypeOf<z.output<typeof galleryRecord>>();
    expectTypeOf<ReturnType<typeof photoObject>>().toEqualTypeOf<z.output<typeof galleryPhotoRecord>>();
    expectTypeOf<Result<Services['galleries']['setFavorite']>>().toEqualTypeOf<z.output<typeof favoriteRecord>>();
    expectTypeOf<Result<Services['galleries']['publish']>>().toEqualTypeOf<z.output<typeof publishedGalleryRecord>>();
    expectTypeOf<Result<Services['sessions']['open']>>().toEqualTypeOf<z.output<typeof clientSessionRecord>>();
  });
});
