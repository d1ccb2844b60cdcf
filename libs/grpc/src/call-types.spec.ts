/**
 * The contract types of calls (./call-types.ts) on the generated StudioInternal and IndexSource: checked by the
 * type checker (npx tsc -b; scripts/typecheck.spec.ts), the runtime part only makes the spec a test.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { DescribeSourceResponse, IndexSourceHandlers } from '@studio/proto/index-source';
import type {
  AuthenticateTokenRequest,
  AuthenticateTokenRequest__Output,
  AuthenticateTokenResponse,
  AuthenticateTokenResponse__Output,
  Shoot__Output,
  StudioInternalClient,
  StudioInternalHandlers,
} from '@studio/proto/studio';
import type { KnownKeys, UnaryImplementation, UnaryImplementations, UnaryMethodName, UnaryRequest, UnaryResponse } from './call-types.js';

describe('call types', () => {
  it('name the unary methods of a generated client, with their request and decoded answer', () => {
    expectTypeOf<UnaryMethodName<StudioInternalClient>>().toEqualTypeOf<
      'AuthenticateToken' | 'authenticateToken' | 'GetShoot' | 'getShoot'
    >();
    expectTypeOf<UnaryRequest<StudioInternalClient, 'AuthenticateToken'>>().toEqualTypeOf<AuthenticateTokenRequest>();
    expectTypeOf<UnaryResponse<StudioInternalClient, 'AuthenticateToken'>>().toEqualTypeOf<AuthenticateTokenResponse__Output>();
    expectTypeOf<UnaryResponse<StudioInternalClient, 'GetShoot'>>().toEqualTypeOf<Shoot__Output>();
  });

  it('turn a generated handler map into promise implementations of its unary methods only', () => {
    expectTypeOf<KnownKeys<StudioInternalHandlers>>().toEqualTypeOf<'AuthenticateToken' | 'GetShoot'>();
    expectTypeOf<UnaryImplementations<StudioInternalHandlers>['AuthenticateToken']>().toEqualTypeOf<
      UnaryImplementation<AuthenticateTokenRequest__Output, AuthenticateTokenResponse>
    >();
    // StreamDocuments streams: it is not among the unary implementations.
    expectTypeOf<keyof UnaryImplementations<IndexSourceHandlers>>().toEqualTypeOf<'DescribeSource'>();
    expectTypeOf<ReturnType<UnaryImplementations<IndexSourceHandlers>['DescribeSource']>>().toEqualTypeOf<
      Promise<DescribeSourceResponse>
    >();
  });
});
