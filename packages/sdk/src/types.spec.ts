/**
 * What the types let a caller write, checked by the compiler (`npm run typecheck`, scripts/typecheck.spec.ts): each
 * `@ts-expect-error` line must not compile, everything else must. The calls are never made (the client's fetch
 * throws); the spec only runs them through tsc.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { createStudioClient, type ApiErrorCode, type PagedPath, type PageItem, type SuccessBody } from './index.js';

const api = createStudioClient({
  baseUrl: 'https://studio.test/api/v1',
  token: 'stu_x',
  fetch: () => Promise.reject(new Error('never sent')),
});
const WS = '0b9f3c70-1c7a-4d57-a7b2-0b5c2b8e9f10';

/** Compiles only. */
async function calls() {
  const created = await api.post('/shoots', { body: { workspace_id: WS, title: 'Wedding' }, idempotencyKey: 'order-42' });
  expectTypeOf(created.shoot.id).toEqualTypeOf<string>();
  const page = await api.get('/clients', { params: { query: { workspace_id: WS, limit: 10 } } });
  expectTypeOf(page.next_cursor).toEqualTypeOf<string | null>();
  await api.get('/auth/whoami');
  await api.post('/client-sessions', { body: { portal_token: 'gpt_x' } });
  await api.post('/client-sessions', { body: { magic_code: 'gpt_x' } });
  await api.delete('/galleries/{id}/favorites', { params: { path: { id: 'g' }, query: { photo_id: 'p' } } });
  await api.patch('/shoots/{id}/shot-list', { params: { path: { id: 's' } }, body: { item_id: 'i1', done: true } });
  const res = await api.request('post', '/clients', { body: { workspace_id: WS, name: 'Ada' } });
  expectTypeOf(res.replayed).toEqualTypeOf<boolean>();
  expectTypeOf(res.data.client.id).toEqualTypeOf<string>();
  for await (const client of api.paginate('/clients', { params: { query: { workspace_id: WS } } })) {
    expectTypeOf(client).toEqualTypeOf<PageItem<'/clients'>>();
    expectTypeOf(client.id).toEqualTypeOf<string>();
  }
  for await (const photo of api.paginate('/galleries/{id}/photos', { params: { path: { id: 'g' } } }))
    expectTypeOf(photo.id).toEqualTypeOf<string>();

  // @ts-expect-error the body is required
  await api.post('/shoots');
  // @ts-expect-error title is required
  await api.post('/shoots', { body: { workspace_id: WS } });
  // POST /galleries takes an Idempotency-Key; POST /client-sessions (no token to scope it to) does not.
  await api.post('/galleries', { body: { shoot_id: 's' }, idempotencyKey: 'k' });
  // @ts-expect-error POST /client-sessions takes no Idempotency-Key
  await api.post('/client-sessions', { body: { portal_token: 'p' }, idempotencyKey: 'k' });
  // @ts-expect-error one of portal_token and magic_code is required
  await api.post('/client-sessions', { body: {} });
  // @ts-expect-error the path parameter is required
  await api.get('/shoots/{id}');
  // @ts-expect-error workspace_id is required
  await api.get('/clients', { params: { query: { limit: 3 } } });
  // @ts-expect-error no such path
  await api.get('/nope');
  // @ts-expect-error no GET on this path
  await api.get('/ai/cull-jobs');
  // @ts-expect-error a GET has no body
  await api.get('/auth/whoami', { body: {} });
  // @ts-expect-error not a paged list
  api.paginate('/shoots/{id}', { params: { path: { id: 's' } } });
}

describe('types', () => {
  it('type every documented call and refuse undocumented ones (checked by tsc)', () => {
    expectTypeOf(calls).toBeFunction();
    expectTypeOf<SuccessBody<'/shoots/{id}', 'get'>['shoot']['id']>().toEqualTypeOf<string>();
    expectTypeOf<'not_found' | 'invalid_input' | 'rate_limited' | 'idempotency_conflict'>().toExtend<ApiErrorCode>();
  });

  it('list every cursor-paged GET as a PagedPath', () => {
    expectTypeOf<
      '/clients' | '/galleries' | '/galleries/{id}/photos' | '/invoices' | '/orders' | '/search' | '/shoots' | '/tasks' | '/workspaces'
    >().toExtend<PagedPath>();
    expectTypeOf<'/webhook-endpoints' | '/webhook-endpoints/{id}/deliveries'>().toExtend<PagedPath>();
    expectTypeOf<'/shoots/{id}'>().not.toExtend<PagedPath>();
  });
});
