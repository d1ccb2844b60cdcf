/**
 * @studio/errors: one error type with a kind enum, and the single table that maps each kind to an
 * HTTP status and a gRPC status code. Prisma's P2002/P2025 map here too, and asUnavailable recognises a database
 * that is slow or unreachable anywhere in an error's cause chain.
 */

export const ERROR_KINDS = [
  'invalid_input',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'idempotency_conflict',
  'rate_limited',
  'unavailable',
  'internal',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** gRPC status codes (numeric, from grpc's status.proto) so this lib needs no grpc dependency. */
export const GrpcCode = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  DATA_LOSS: 15,
  UNAUTHENTICATED: 16,
} as const;

export const ERROR_TABLE: Record<ErrorKind, { http: number; grpc: number }> = {
  invalid_input: { http: 400, grpc: GrpcCode.INVALID_ARGUMENT },
  unauthorized: { http: 401, grpc: GrpcCode.UNAUTHENTICATED },
  forbidden: { http: 403, grpc: GrpcCode.PERMISSION_DENIED },
  not_found: { http: 404, grpc: GrpcCode.NOT_FOUND },
  conflict: { http: 409, grpc: GrpcCode.FAILED_PRECONDITION },
  idempotency_conflict: { http: 422, grpc: GrpcCode.ALREADY_EXISTS },
  rate_limited: { http: 429, grpc: GrpcCode.RESOURCE_EXHAUSTED },
  unavailable: { http: 503, grpc: GrpcCode.UNAVAILABLE },
  internal: { http: 500, grpc: GrpcCode.INTERNAL },
};

/** The one error type: `new AppError('not_found')`, `new AppError('invalid_input', 'name is required', details)`. */
export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message?: string,
    readonly details?: unknown,
  ) {
    super(message ?? kind);
    this.name = 'AppError';
  }
  get httpStatus(): number {
    return ERROR_TABLE[this.kind].http;
  }
  get grpcCode(): number {
    return ERROR_TABLE[this.kind].grpc;
  }
}

/**
 * The JSON body of an error answer. `not_found` never carries a message: its body must be byte-identical
 * whether the record is missing, another tenant's, or out of the token's scope (spec section 7).
 */
export function errorBody(kind: ErrorKind, message?: string, extra?: Record<string, unknown>): Record<string, unknown> {
  if (kind === 'not_found') return { ok: false, error: 'not_found' };
  const body: Record<string, unknown> = { ok: false, error: kind };
  if (message && message !== kind) body.message = message;
  if (extra) Object.assign(body, extra);
  return body;
}

/** The exact serialised 404 body, shared by every process. */
export const NOT_FOUND_BODY = JSON.stringify(errorBody('not_found'));

interface PrismaLikeError {
  name?: string;
  code?: string;
  meta?: unknown;
}

/** Socket-level codes that mean a dependency (database, broker, another service) cannot be reached. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', '57P01', '57P03']);

/** Maps a thrown value to an AppError when its meaning is known; returns null for unknown errors. */
export function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  const e = err as (PrismaLikeError & { cause?: { code?: string; originalCode?: string } }) | null;
  if (e && typeof e === 'object') {
    // Prisma: P1001 can't reach the server, P1002 timed out, P1017 server closed the connection, P2024 pool timeout;
    // an initialization error means the database was never reached; the driver adapter wraps socket errors.
    if (e.name === 'PrismaClientInitializationError') return new AppError('unavailable', 'database unavailable');
    if (e.code && ['P1001', 'P1002', 'P1017', 'P2024'].includes(e.code)) return new AppError('unavailable', 'database unavailable');
    const causeCode = e.cause?.originalCode ?? e.cause?.code ?? e.code;
    if (causeCode && UNREACHABLE_CODES.has(causeCode)) return new AppError('unavailable', 'dependency unavailable');
  }
  if (e && typeof e === 'object' && typeof e.code === 'string' && e.name?.startsWith('PrismaClient')) {
    switch (e.code) {
      case 'P2002': // unique constraint
        return new AppError('conflict', 'a record with these values already exists');
      case 'P2025': // record to update/delete not found
      case 'P2001':
        return new AppError('not_found');
      case 'P2003': // foreign key
        return new AppError('invalid_input', 'a referenced record does not exist');
      case 'P2000': // value too long
        return new AppError('invalid_input', 'a value is too long');
      default:
        return null;
    }
  }
  return null;
}

/**
 * SQLSTATEs, Prisma codes and driver messages meaning "the database is slow or unreachable": P1001/P1002/P1008/
 * P1017/P2024 (unreachable, timed out, closed, pool timeout), 57014 (statement timeout), 57P01-03 (shutting down,
 * cannot connect now), 53300 (too many connections), socket resets and the pg driver's timeout texts.
 */
const UNAVAILABLE_RE =
  /P1001|P1002|P1008|P1017|P2024|57014|57P0[123]|53300|ECONNREFUSED|ECONNRESET|canceling statement|statement timeout|Can't reach database|Connection terminated|timeout exceeded when trying to connect|Timed out fetching/i;

/**
 * True when `err` or any error in its `cause` chain says the database is slow or unreachable (UNAVAILABLE_RE over
 * code, originalCode and message): wider than toAppError, which only knows the top-level connection codes.
 */
export function isUnavailableError(err: unknown): boolean {
  const seen = new Set<unknown>();
  let e: unknown = err;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    const failure = e as { code?: unknown; message?: unknown; cause?: unknown; originalCode?: unknown };
    const text = `${String(failure.code ?? '')} ${String(failure.originalCode ?? '')} ${String(failure.message ?? '')}`;
    if (UNAVAILABLE_RE.test(text)) return true;
    e = failure.cause;
  }
  return false;
}

/**
 * An `unavailable` AppError (503, retry later) for an error that isUnavailableError recognises, else null: a
 * service whose database trouble must never be a 500 passes this to createApiApp's `mapError`.
 */
export function asUnavailable(err: unknown, message = 'dependency unavailable'): AppError | null {
  return isUnavailableError(err) ? new AppError('unavailable', message) : null;
}

export function isPrismaUniqueViolation(err: unknown): boolean {
  const e = err as PrismaLikeError | null;
  return !!e && typeof e === 'object' && e.code === 'P2002';
}

/** Codes no kind is answered with, read back as the kind that means the same (client side of a gRPC call). */
const GRPC_ALIASES: ReadonlyArray<readonly [number, ErrorKind]> = [
  [GrpcCode.OUT_OF_RANGE, 'invalid_input'],
  [GrpcCode.ABORTED, 'conflict'],
  [GrpcCode.DEADLINE_EXCEEDED, 'unavailable'],
];

/** ERROR_TABLE read backwards (each kind's own code), plus the aliases. */
const KIND_BY_GRPC_CODE: ReadonlyMap<number, ErrorKind> = new Map([
  ...ERROR_KINDS.map((kind) => [ERROR_TABLE[kind].grpc, kind] as const),
  ...GRPC_ALIASES,
]);

/** Maps a gRPC status code back to an error kind (client side of a gRPC call); an unknown code is internal. */
export function kindFromGrpcCode(code: number): ErrorKind {
  return KIND_BY_GRPC_CODE.get(code) ?? 'internal';
}
