import { describe, expect, it } from 'vitest';
import { AppError, ERROR_KINDS, ERROR_TABLE, NOT_FOUND_BODY, errorBody, kindFromGrpcCode, toAppError } from './index.js';

describe('@studio/errors', () => {
  it('maps every kind to an HTTP and a gRPC status, and gRPC back to the same kind', () => {
    for (const kind of ERROR_KINDS) {
      expect(ERROR_TABLE[kind].http).toBeGreaterThanOrEqual(400);
      expect(kindFromGrpcCode(ERROR_TABLE[kind].grpc)).toBe(kind);
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
});
