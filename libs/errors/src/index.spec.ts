import { describe, expect, it } from 'vitest';
import {
  AppError,
  ERROR_KINDS,
  ERROR_TABLE,
  GrpcCode,
  NOT_FOUND_BODY,
  asUnavailable,
  errorBody,
  isUnavailableError,
  kindFromGrpcCode,
  toAppError,
} from './index.js';

describe('@studio/errors', () => {
  it('maps every kind to an HTTP and a gRPC status, and gRPC back to the same kind', () => {
    for (const kind of ERROR_KINDS) {
      expect(ERROR_TABLE[kind].http).toBeGreaterThanOrEqual(400);
      expect(kindFromGrpcCode(ERROR_TABLE[kind].grpc)).toBe(kind);
    }
  });

  it('reads the codes no kind answers with as the kind that means the same, and any other as internal', () => {
    expect(kindFromGrpcCode(GrpcCode.OUT_OF_RANGE)).toBe('invalid_input');
    expect(kindFromGrpcCode(GrpcCode.ABORTED)).toBe('conflict');
    expect(kindFromGrpcCode(GrpcCode.DEADLINE_EXCEEDED)).toBe('unavailable');
    for (const code of [GrpcCode.CANCELLED, GrpcCode.UNKNOWN, GrpcCode.UNIMPLEMENTED, GrpcCode.DATA_LOSS, 99]) {
      expect(kindFromGrpcCode(code)).toBe('internal');
    }
  });

  it('never gives not_found a message, so its body is byte-identical everywhere', () => {
    expect(JSON.stringify(errorBody('not_found', 'shoot 123 belongs to tenant B'))).toBe(NOT_FOUND_BODY);
    expect(NOT_FOUND_BODY).toBe('{"ok":false,"error":"not_found"}');
  });

  it('maps Prisma unique, missing and connection errors', () => {
    const prisma = (code: string) => Object.assign(new Error('x'), { name: 'PrismaClientKnownRequestError', code });
    expect(toAppError(prisma('P2002'))?.kind).toBe('conflict');
    expect(toAppError(prisma('P2025'))?.kind).toBe('not_found');
    expect(toAppError(prisma('P1001'))?.kind).toBe('unavailable');
    expect(toAppError(Object.assign(new Error('x'), { name: 'PrismaClientInitializationError' }))?.kind).toBe('unavailable');
    expect(toAppError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))?.kind).toBe('unavailable');
    expect(toAppError(Object.assign(new Error('x'), { cause: { originalCode: 'ECONNRESET' } }))?.kind).toBe('unavailable');
  });

  it('leaves unknown errors unknown (they become a logged generic 500)', () => {
    expect(toAppError(new Error('boom'))).toBeNull();
    expect(toAppError('string')).toBeNull();
    expect(toAppError(new AppError('forbidden'))?.kind).toBe('forbidden');
  });

  it('recognises a slow or unreachable database anywhere in the cause chain, and nothing else', () => {
    const wrapped = (cause: unknown) => Object.assign(new Error('query failed'), { cause });
    expect(isUnavailableError(Object.assign(new Error('x'), { code: 'P2024' }))).toBe(true);
    expect(isUnavailableError(new Error('canceling statement due to statement timeout'))).toBe(true);
    expect(isUnavailableError(wrapped({ originalCode: '57014' }))).toBe(true);
    expect(isUnavailableError(wrapped(wrapped(new Error('Connection terminated unexpectedly'))))).toBe(true);
    expect(isUnavailableError(wrapped({ code: '53300' }))).toBe(true);
    expect(isUnavailableError(new Error('boom'))).toBe(false);
    expect(isUnavailableError(Object.assign(new Error('x'), { code: 'P2002' }))).toBe(false);
    expect(isUnavailableError('ECONNREFUSED')).toBe(false);
    // A cause cycle ends the walk instead of looping.
    const a: { message: string; cause?: unknown } = { message: 'a' };
    a.cause = { message: 'b', cause: a };
    expect(isUnavailableError(a)).toBe(false);
  });

  it("asUnavailable: an unavailable AppError (503) with the caller's message, or null", () => {
    const err = asUnavailable(new Error('timeout exceeded when trying to connect'), 'search is temporarily unavailable');
    expect(err).toBeInstanceOf(AppError);
    expect([err?.kind, err?.httpStatus, err?.message]).toEqual(['unavailable', 503, 'search is temporarily unavailable']);
    expect(asUnavailable(new Error('boom'))).toBeNull();
  });
});
