/**
 * The thin client: one `fetch` per attempt, typed by the generated `paths`. Bearer auth, an Idempotency-Key on every
 * POST that takes one (the same key on every attempt of a call), bounded retries (retry.ts), typed errors
 * (errors.ts) and an async iterator over cursor-paged lists. No dependency beyond the platform's fetch and
 * crypto.randomUUID.
 */
import { StudioApiError, StudioNetworkError } from './errors.js';
import { IDEMPOTENT_POSTS } from './generated/schema.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy, retryDelayMs } from './retry.js';
import type { Method, OptionsArgs, PagedPath, PageItem, PathsWith, SuccessBody } from './types.js';

export interface StudioClientOptions {
  /** The API's base URL, version prefix included, e.g. `https://studio.example.com/api/v1`. */
  baseUrl: string;
  /** An API token (`stu_...`) or a client session's bearer; left out for POST /client-sessions only. */
  token?: string;
  /** The fetch to use (default: the global one), e.g. one with a proxy agent, or a fake in tests. */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** Retries after the first attempt of a call (default 2). 0 turns retries off. */
  maxRetries?: number;
  /** The longest Retry-After (seconds) of a 429 the client waits out by itself (default 60); longer ones throw. */
  maxRetryAfterS?: number;
  /** The first backoff step in ms when the API gives no Retry-After or did not answer (default 500). */
  retryBaseDelayMs?: number;
  /** Sent as User-Agent (not sent by default: in a browser it would make portal calls need a CORS preflight). */
  userAgent?: string;
}

/** A successful answer with its metadata (`client.request`). */
export interface StudioResponse<T> {
  /** The parsed JSON body. */
  data: T;
  status: number;
  headers: Headers;
  /** The X-Request-Id answer header. */
  requestId: string | null;
  /** True when the API replayed the stored answer of an earlier request with the same Idempotency-Key. */
  replayed: boolean;
  /** The Idempotency-Key sent (the caller's, or the one the client made), else null. */
  idempotencyKey: string | null;
  /** Attempts made (1 when the first one succeeded). */
  attempts: number;
}

export interface StudioClient {
  /** Calls `method` on `path` and returns the answer with its metadata; throws StudioApiError or StudioNetworkError. */
  request<M extends Method, P extends PathsWith<M>>(
    method: M,
    path: P,
    ...options: OptionsArgs<P, M>
  ): Promise<StudioResponse<SuccessBody<P, M>>>;
  get<P extends PathsWith<'get'>>(path: P, ...options: OptionsArgs<P, 'get'>): Promise<SuccessBody<P, 'get'>>;
  post<P extends PathsWith<'post'>>(path: P, ...options: OptionsArgs<P, 'post'>): Promise<SuccessBody<P, 'post'>>;
  put<P extends PathsWith<'put'>>(path: P, ...options: OptionsArgs<P, 'put'>): Promise<SuccessBody<P, 'put'>>;
  patch<P extends PathsWith<'patch'>>(path: P, ...options: OptionsArgs<P, 'patch'>): Promise<SuccessBody<P, 'patch'>>;
  delete<P extends PathsWith<'delete'>>(path: P, ...options: OptionsArgs<P, 'delete'>): Promise<SuccessBody<P, 'delete'>>;
  /**
   * Every item of a cursor-paged list, page after page (each page one GET with the last page's next_cursor), until
   * next_cursor is null. `params.query` is sent with every page (`limit` sets the page size; `cursor` where to start).
   */
  paginate<P extends PagedPath>(path: P, ...options: OptionsArgs<P, 'get'>): AsyncGenerator<PageItem<P>, void, undefined>;
}

/** What the implementation reads of a call's options (the public types are stricter). */
interface LooseOptions {
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown> };
  body?: unknown;
  idempotencyKey?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

const KEYED_POSTS: ReadonlySet<string> = new Set(IDEMPOTENT_POSTS);

export function createStudioClient(options: StudioClientOptions): StudioClient {
  if (!options?.baseUrl) throw new TypeError('createStudioClient: baseUrl is required (e.g. https://studio.example.com/api/v1)');
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init));
  const policy: RetryPolicy = {
    maxRetries: options.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries,
    maxRetryAfterS: options.maxRetryAfterS ?? DEFAULT_RETRY_POLICY.maxRetryAfterS,
    baseDelayMs: options.retryBaseDelayMs ?? DEFAULT_RETRY_POLICY.baseDelayMs,
  };

  async function send(method: Method, path: string, opts: LooseOptions = {}): Promise<StudioResponse<unknown>> {
    const verb = method.toUpperCase();
    const url = base + expandPath(path, opts.params?.path) + queryString(opts.params?.query);
    const headers = new Headers({ accept: 'application/json' });
    if (options.userAgent) headers.set('user-agent', options.userAgent);
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    if (body !== undefined) headers.set('content-type', 'application/json');
    for (const [name, value] of Object.entries(opts.headers ?? {})) headers.set(name, value);
    if (options.token) headers.set('authorization', `Bearer ${options.token}`);
    const key =
      headers.get('idempotency-key') ?? opts.idempotencyKey ?? (method === 'post' && KEYED_POSTS.has(path) ? crypto.randomUUID() : null);
    if (key !== null) headers.set('idempotency-key', key);

    let hadNetworkFailure = false;
    for (let retries = 0; ; retries++) {
      const ctx = { method: verb, keyed: key !== null, retries, hadNetworkFailure };
      let res: Response;
      let text: string;
      try {
        res = await doFetch(url, { method: verb, headers, body, signal: opts.signal });
        text = await res.text();
      } catch (err) {
        if (opts.signal?.aborted) throw err;
        const delay = retryDelayMs({ kind: 'network' }, ctx, policy);
        if (delay === null) throw new StudioNetworkError(verb, path, err);
        hadNetworkFailure = true;
        await sleep(delay, opts.signal);
        continue;
      }
      const parsed = parseBody(text);
      if (res.ok && parsed.json) {
        return {
          data: parsed.value,
          status: res.status,
          headers: res.headers,
          requestId: res.headers.get('x-request-id'),
          replayed: res.headers.get('idempotent-replayed') === 'true',
          idempotencyKey: key,
          attempts: retries + 1,
        };
      }
      const error = new StudioApiError({ method: verb, path, status: res.status, headers: res.headers, body: parsed.value });
      const delay = res.ok ? null : retryDelayMs({ kind: 'answer', status: res.status, retryAfterS: error.retryAfterS }, ctx, policy);
      if (delay === null) throw error;
      await sleep(delay, opts.signal);
    }
  }

  const call =
    (method: Method) =>
    async (path: string, opts?: LooseOptions): Promise<unknown> =>
      (await send(method, path, opts)).data;
  const get = call('get');

  async function* paginate(path: string, opts: LooseOptions = {}): AsyncGenerator<unknown, void, undefined> {
    let cursor = opts.params?.query?.cursor;
    for (;;) {
      const page = (await get(path, { ...opts, params: { ...opts.params, query: { ...opts.params?.query, cursor } } })) as {
        items: unknown[];
        next_cursor: string | null;
      };
      yield* page.items;
      if (!page.next_cursor) return;
      if (page.next_cursor === cursor) throw new Error(`GET ${path} answered the cursor it was given as next_cursor: stopping`);
      cursor = page.next_cursor;
    }
  }

  // The public signatures are the typed ones of StudioClient; the implementation works on loose options.
  return {
    request: (method: Method, path: string, opts?: LooseOptions) => send(method, path, opts),
    get,
    post: call('post'),
    put: call('put'),
    patch: call('patch'),
    delete: call('delete'),
    paginate,
  } as unknown as StudioClient;
}

/** `/shoots/{id}` with `{ id }` -> `/shoots/<id, URI-encoded>`; a missing parameter throws. */
export function expandPath(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new TypeError(`${template}: path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/** `?a=1&b=x` from the defined members (an array repeats its name); '' when there are none. */
export function queryString(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value]) search.append(name, String(v));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function parseBody(text: string): { json: boolean; value: unknown } {
  if (text === '') return { json: true, value: undefined };
  try {
    return { json: true, value: JSON.parse(text) };
  } catch {
    return { json: false, value: text };
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
