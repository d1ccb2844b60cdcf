import { describe, expect, it } from 'vitest';
import { openApiFragment } from '@studio/http/openapi';
import { validateOpenApi } from '@studio/testkit/openapi';
import { searchRoutes } from './search.routes.js';

describe("search's OpenAPI fragment", () => {
  it('is a valid OpenAPI 3.1 document; GET /search documents q, workspace_id, types, limit 1..50 and cursor', async () => {
    const doc = openApiFragment(searchRoutes({} as never), { title: 'search service', requireResponses: true });
    expect((await validateOpenApi(doc)).errors).toEqual([]);
    const params = doc.paths['/search']!.get!.parameters as { name: string; required: boolean; schema: Record<string, unknown> }[];
    expect(params.map((p) => [p.name, p.required])).toEqual([
      ['q', true],
      ['workspace_id', true],
      ['types', false],
      ['limit', false],
      ['cursor', false],
    ]);
    expect(params.find((p) => p.name === 'limit')!.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 50, default: 20 });
    expect(params.find((p) => p.name === 'q')!.schema).toEqual({ type: 'string', minLength: 1 });
  });
});
