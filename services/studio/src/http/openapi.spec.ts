import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { clientRecord, shootDetailRecord } from '@studio/contracts/records';
import { listOperations, openApiFragment } from '@studio/http/openapi';
import { validateOpenApi } from '@studio/testkit/openapi';
import type { Services } from '../services/index.js';
import type { PageOfJson } from '../services/paging.js';
import { studioRoutes } from './http-app.js';
import type * as r from './response.schema.js';

/** What a route answers besides `ok: true`, as its schema documents it. */
type Documented<S extends z.ZodType> = Omit<z.output<S>, 'ok'>;
/** What a service answers; a page of JSON text (store/record-json.ts) as the page it is the text of. */
type Result<F extends (...args: never[]) => unknown> = PageOfJson<Awaited<ReturnType<F>>>;

describe("studio's OpenAPI fragment", () => {
  const routes = studioRoutes({} as Services);

  it('is a valid OpenAPI 3.1 document with a response schema for every route', async () => {
    const doc = openApiFragment(routes, { title: 'studio service', requireResponses: true });
    expect((await validateOpenApi(doc)).errors).toEqual([]);
    expect(listOperations(doc).map((operation) => `${operation.method.toUpperCase()} ${operation.path}`)).toHaveLength(
      routes.routes.length,
    );
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['Shoot', 'ShootDetail', 'Client', 'Workspace', 'Dashboard']),
    );
  });

  it('documents exactly what the services return (checked by the compiler)', () => {
    expectTypeOf<Result<Services['tokens']['whoami']>>().toEqualTypeOf<Documented<typeof r.whoamiResponse>>();
    expectTypeOf<Result<Services['workspaces']['list']>>().toEqualTypeOf<Documented<typeof r.listWorkspacesResponse>>();
    expectTypeOf<Result<Services['shoots']['list']>>().toEqualTypeOf<Documented<typeof r.listShootsResponse>>();
    expectTypeOf<Result<Services['shoots']['create']>>().toEqualTypeOf<z.output<typeof shootDetailRecord>>();
    expectTypeOf<Result<Services['shoots']['get']>>().toEqualTypeOf<z.output<typeof shootDetailRecord>>();
    expectTypeOf<Result<Services['shotLists']['setItem']>>().toEqualTypeOf<z.output<typeof shootDetailRecord>>();
    expectTypeOf<Result<Services['clients']['list']>>().toEqualTypeOf<Documented<typeof r.listClientsResponse>>();
    expectTypeOf<Result<Services['clients']['create']>>().toEqualTypeOf<z.output<typeof clientRecord>>();
    expectTypeOf<Result<Services['orders']['listPaid']>>().toEqualTypeOf<Documented<typeof r.listOrdersResponse>>();
    expectTypeOf<Result<Services['invoices']['list']>>().toEqualTypeOf<Documented<typeof r.listInvoicesResponse>>();
    expectTypeOf<Result<Services['tasks']['list']>>().toEqualTypeOf<Documented<typeof r.listTasksResponse>>();
    expectTypeOf<Result<Services['dashboard']['get']>>().toEqualTypeOf<z.output<typeof r.dashboardSchema>>();
  });
});
