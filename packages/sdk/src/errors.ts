import type { ApiErrorCode } from './types.js';

/** One invalid input of a 400 invalid_input answer, e.g. `{ path: 'body.title', message: 'Required' }`. */
export interface ApiIssue {
  path: string;
  message: string;
}

/**
 * `code` is the API's `error` member (`not_found`, `invalid_input`, `rate_limited`, ...). An answer that is not the
 * API's error envelope (a proxy's HTML page) has the code `http_<status>`; a 2xx answer that is not JSON has
 * `invalid_response`.
 */
export type StudioErrorCode = ApiErrorCode | `http_${number}` | 'invalid_response';

export interface StudioApiErrorInit {
  method: string;
  path: string;
  status: number;
  headers: Headers;
  /** The answer's text, parsed as JSON when it is JSON. */
  body: unknown;
}

/** The API answered with an error (after the client's retries, if any applied). */
export class StudioApiError extends Error {
  /** The HTTP status. */
  readonly status: number;
  /** The API's machine code (its `error` member); see StudioErrorCode. */
  readonly code: StudioErrorCode;
  /** The request id (the X-Request-Id answer header): quote it to the operator. */
  readonly requestId: string | null;
  /** Seconds the API asked to wait (Retry-After), when it said. */
  readonly retryAfterS: number | null;
  /** Each invalid input of an invalid_input answer. */
  readonly issues: readonly ApiIssue[];
  /** The parsed error body (or its text when it is not JSON). */
  readonly body: unknown;
  /** The method and the path template of the call, e.g. `GET` and `/shoots/{id}`. */
  readonly method: string;
  readonly path: string;

  constructor(init: StudioApiErrorInit) {
    const envelope = errorEnvelope(init.body);
    const code: StudioErrorCode = envelope?.error ?? (init.status < 300 ? 'invalid_response' : `http_${init.status}`);
    super(envelope?.message ?? `${init.method} ${init.path} answered ${init.status} ${code}`);
    this.name = 'StudioApiError';
    this.status = init.status;
    this.code = code;
    this.requestId = init.headers.get('x-request-id');
    this.retryAfterS = parseRetryAfter(init.headers.get('retry-after'));
    this.issues = envelope?.issues ?? [];
    this.body = init.body;
    this.method = init.method;
    this.path = init.path;
  }
}

/**
 * The request never got an answer (connection refused or reset, DNS, TLS, or no answer within the client's
 * `timeoutMs`: then `timedOut` is true), after the retries that applied.
 */
export class StudioNetworkError extends Error {
  readonly method: string;
  readonly path: string;
  /** True when the last attempt was cut off by the client's timeout (`timeoutMs`). */
  readonly timedOut: boolean;

  constructor(method: string, path: string, cause: unknown, timeout?: { timeoutMs: number }) {
    const why = timeout
      ? `no answer within ${timeout.timeoutMs} ms (timed out)`
      : `no answer (${cause instanceof Error ? cause.message : String(cause)})`;
    super(`${method} ${path}: ${why}`, { cause });
    this.name = 'StudioNetworkError';
    this.method = method;
    this.path = path;
    this.timedOut = timeout !== undefined;
  }
}

interface Envelope {
  error: ApiErrorCode;
  message?: string;
  issues?: ApiIssue[];
}

/** `{ ok: false, error: '<code>', message?, issues? }`, the API's error body, or undefined. */
function errorEnvelope(body: unknown): Envelope | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { ok, error, message, issues } = body as Record<string, unknown>;
  if (ok !== false || typeof error !== 'string') return undefined;
  return {
    error: error as ApiErrorCode,
    ...(typeof message === 'string' ? { message } : {}),
    ...(Array.isArray(issues) ? { issues: issues as ApiIssue[] } : {}),
  };
}

/** Retry-After as seconds: delta-seconds, or an HTTP date (seconds from now, at least 0); null when absent or malformed. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  if (!/[a-z]/i.test(text) || Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
