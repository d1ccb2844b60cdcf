/**
 * The thin client: one `fetch` per attempt, typed by the generated `paths`. Bearer auth, an Idempotency-Key on every
 * POST that takes one (the same key on every attempt of a call), a timeout per attempt, bounded retries with
 * jittered backoff (retry.ts) reported through `onRetry`, typed errors (errors.ts), an async iterator over
 * cursor-paged lists and the upload helper (upload.ts). No dependency beyond the platform's fetch, AbortController
 * and crypto.randomUUID; nothing here imports a `node:` module (the upload helper loads node:fs and node:crypto
 * lazily, only for file paths).
 */
import { StudioApiError, StudioNetworkError, parseRetryAfter } from './errors.js';
import { IDEMPOTENT_POSTS } from './generated/schema.js';
import {
  type AttemptOutcome,
  DEFAULT_RETRY_POLICY,
  DEFAULT_TIMEOUT_MS,
  type RetryKind,
  type RetryPolicy,
  retryDelayMs,
  retryKind,
  transientStatus,
} from './retry.js';
import type { Method, OptionsArgs, PagedPath, PageItem, PathsWith, SuccessBody } from './types.js';
import { type UploadOptions, type UploadResult, uploadWith } from './upload.js';

export interface StudioClientOptions {
  /** The API's base URL, version prefix included, e.g. `https://studio.example.com/api/v1`. */
  baseUrl: string;
  /** An API token (`stu_...`) or a client session's bearer; left out for POST /client-sessions only. */
  token?: string | undefined;
  /** The fetch to use (default: the global one), e.g. one with a proxy agent, or a fake in tests. */
  fetch?: ((input: string, init: RequestInit) => Promise<Response>) | undefined;
  /** Retries after the first attempt of a call (default 2). 0 turns retries off. */
  maxRetries?: number | undefined;
  /** The longest Retry-After (seconds) the client waits out by itself (default 60); longer ones throw. */
  maxRetryAfterS?: number | undefined;
  /** The first backoff step in ms when the API gives no Retry-After or did not answer (default 500). */
  retryBaseDelayMs?: number | undefined;
  /**
   * Milliseconds one attempt may take, reading the answer included (default 60,000); an attempt that takes longer
   * is cut off and counts as one without answer (retried when that is safe). 0 turns the timeout off.
   */
  timeoutMs?: number | undefined;
  /** Called before every wait for another attempt (a retry or a rate-limit wait), so no wait is silent. */
  onRetry?: ((info: RetryInfo) => void) | undefined;
  /** Called before every attempt is sent (API calls and the upload helper's PUTs to the object store). */
  onRequest?: ((info: RequestInfo) => void) | undefined;
  /** Called when an attempt got an answer (whatever its status), after its body was read. */
  onResponse?: ((info: ResponseInfo) => void) | undefined;
  /** Sent as User-Agent (not sent by default: in a browser it would make portal calls need a CORS preflight). */
  userAgent?: string | undefined;
}

/** What `onRetry` is told before the client waits for another attempt. */
export interface RetryInfo {
  /** Why: `network` (no answer), `timeout` (no answer within timeoutMs), `rate_limited` (429), `status` (502/503/504, or 409 while a keyed first attempt still runs). */
  kind: RetryKind;
  /** Upper-case method and the path template of the call (`object-store` for the upload helper's PUTs). */
  method: string;
  path: string;
  /** The attempt that failed (1 for the first); the next one is `attempt + 1`. */
  attempt: number;
  /** Milliseconds the client waits before the next attempt (Retry-After when the answer gave one). */
  delayMs: number;
  /** The answer's status, or null when there was none. */
  status: number | null;
  /** What the failed attempt would have thrown. */
  error: StudioApiError | StudioNetworkError;
  /** The X-Request-Id of the answer, when there was one. */
  requestId: string | null;
  /** The Idempotency-Key the call sends on every attempt, else null. */
  idempotencyKey: string | null;
}

/** What `onRequest` is told before each attempt. */
export interface RequestInfo {
  method: string;
  path: string;
  url: string;
  /** 1 for the first attempt of the call. */
  attempt: number;
  idempotencyKey: string | null;
}

/** What `onResponse` is told after each answered attempt. */
export interface ResponseInfo {
  method: string;
  path: string;
  attempt: number;
  status: number;
  requestId: string | null;
  /** Milliseconds from sending to the end of the answer's body. */
  elapsedMs: number;
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
  /**
   * Uploads photos to a shoot in one call: single-shot when every file is small, else one multipart upload session
   * (parts in parallel, resumable from the API's resume manifest). See upload.ts and the README.
   */
  upload(options: UploadOptions): Promise<UploadResult>;
}

/** What the implementation reads of a call's options (the public types are stricter). */
interface LooseOptions {
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown> };
  body?: unknown;
  idempotencyKey?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  maxRetries?: number;
}

/** One HTTP exchange, tried as the retry policy allows. */
interface Exchange {
  /** Upper-case method. */
  method: string;
  url: string;
  /** The path template (or `object-store`), for errors and hooks. */
  path: string;
  headers: Headers;
  body: string | Uint8Array | Blob | undefined;
  idempotencyKey: string | null;
  signal: AbortSignal | undefined;
  /** Per-call overrides of the client's timeoutMs and maxRetries. */
  timeoutMs?: number | undefined;
  maxRetries?: number | undefined;
}

/** The final answer of an exchange (2xx or not), with its body's text. */
interface Answer {
  res: Response;
  text: string;
  attempts: number;
}

/**
 * What the upload helper gets of its client besides the typed calls: PUTs of bytes to presigned object-store URLs
 * with the client's timeout, retries and hooks (no Authorization header: the URL carries the grant).
 */
export interface ObjectStoreTransfer {
  /** PUTs `body` with exactly `headers`; resolves to the 2xx answer's headers, throws StudioApiError (code `http_<status>`) or StudioNetworkError. */
  put(url: string, headers: Record<string, string>, body: Uint8Array | Blob, signal: AbortSignal | undefined): Promise<Headers>;
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
  const clientTimeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  /** One attempt under the per-attempt timeout, the caller's signal aborting it too. Rethrows the caller's abort. */
  async function attempt(x: Exchange): Promise<{ res: Response; text: string } | { failure: unknown; timedOut: boolean }> {
    if (x.signal?.aborted) throw x.signal.reason;
    const controller = new AbortController();
    const onAbort = () => controller.abort(x.signal?.reason);
    x.signal?.addEventListener('abort', onAbort, { once: true });
    let timedOut = false;
    const timeoutMs = x.timeoutMs ?? clientTimeoutMs;
    const timer =
      timeoutMs > 0 && Number.isFinite(timeoutMs)
        ? setTimeout(() => {
            timedOut = true;
            controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError'));
          }, timeoutMs)
        : undefined;
    try {
      const init: RequestInit = { method: x.method, headers: x.headers, signal: controller.signal };
      if (x.body !== undefined) init.body = x.body as NonNullable<RequestInit['body']>;
      const res = await doFetch(x.url, init);
      const text = await res.text();
      return { res, text };
    } catch (failure) {
      if (x.signal?.aborted) throw x.signal.reason;
      return { failure, timedOut };
    } finally {
      clearTimeout(timer);
      x.signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Tries the exchange as the policy allows; resolves to the last answer, throws StudioNetworkError when none came. */
  async function exchange(x: Exchange): Promise<Answer> {
    let hadNetworkFailure = false;
    for (let retries = 0; ; retries++) {
      const number = retries + 1;
      options.onRequest?.({ method: x.method, path: x.path, url: x.url, attempt: number, idempotencyKey: x.idempotencyKey });
      const started = Date.now();
      const result = await attempt(x);
      const ctx = { method: x.method, keyed: x.idempotencyKey !== null, retries, hadNetworkFailure };
      let outcome: AttemptOutcome;
      let error: StudioApiError | StudioNetworkError;
      let requestId: string | null = null;
      if ('failure' in result) {
        outcome = { kind: 'network', timedOut: result.timedOut };
        error = new StudioNetworkError(
          x.method,
          x.path,
          result.failure,
          result.timedOut ? { timeoutMs: x.timeoutMs ?? clientTimeoutMs } : undefined,
        );
      } else {
        const { res, text } = result;
        requestId = res.headers.get('x-request-id');
        options.onResponse?.({
          method: x.method,
          path: x.path,
          attempt: number,
          status: res.status,
          requestId,
          elapsedMs: Date.now() - started,
        });
        if (res.ok) return { res, text, attempts: number };
        outcome = { kind: 'answer', status: res.status, retryAfterS: parseRetryAfter(res.headers.get('retry-after')) };
        error = apiError(x, res, text);
      }
      const delay = retryDelayMs(outcome, ctx, x.maxRetries === undefined ? policy : { ...policy, maxRetries: x.maxRetries });
      if (delay === null) {
        if ('failure' in result) throw error;
        return { ...result, attempts: number };
      }
      if (outcome.kind === 'network' || transientStatus(outcome.status)) hadNetworkFailure = true;
      options.onRetry?.({
        kind: retryKind(outcome),
        method: x.method,
        path: x.path,
        attempt: number,
        delayMs: delay,
        status: outcome.kind === 'answer' ? outcome.status : null,
        error,
        requestId,
        idempotencyKey: x.idempotencyKey,
      });
      await sleep(delay, x.signal);
    }
  }

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

    const x: Exchange = {
      method: verb,
      url,
      path,
      headers,
      body,
      idempotencyKey: key,
      signal: opts.signal,
      timeoutMs: opts.timeoutMs,
      maxRetries: opts.maxRetries,
    };
    const { res, text, attempts } = await exchange(x);
    const parsed = parseBody(text);
    if (!res.ok || !parsed.json) throw apiError(x, res, text);
    return {
      data: parsed.value,
      status: res.status,
      headers: res.headers,
      requestId: res.headers.get('x-request-id'),
      replayed: res.headers.get('idempotent-replayed') === 'true',
      idempotencyKey: key,
      attempts,
    };
  }

  const transfer: ObjectStoreTransfer = {
    async put(url, headers, body, signal) {
      const x: Exchange = { method: 'PUT', url, path: 'object-store', headers: new Headers(headers), body, idempotencyKey: null, signal };
      const { res, text } = await exchange(x);
      if (!res.ok) throw apiError(x, res, text);
      return res.headers;
    },
  };

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
  const client = {
    request: (method: Method, path: string, opts?: LooseOptions) => send(method, path, opts),
    get,
    post: call('post'),
    put: call('put'),
    patch: call('patch'),
    delete: call('delete'),
    paginate,
  } as unknown as StudioClient;
  client.upload = (uploadOptions) => uploadWith(client, transfer, uploadOptions);
  return client;
}

function apiError(x: Exchange, res: Response, text: string): StudioApiError {
  return new StudioApiError({ method: x.method, path: x.path, status: res.status, headers: res.headers, body: parseBody(text).value });
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
