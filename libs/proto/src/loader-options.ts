/**
 * How the contracts in proto/ are decoded at run time: the options @studio/grpc gives @grpc/proto-loader, and the
 * options the types beside this file were generated with (scripts/proto-gen.ts turns them into
 * proto-loader-gen-types flags). Change them here only, then run `npm run proto:gen`: the types follow.
 */
import type { Options } from '@grpc/proto-loader';

export const PROTO_LOADER_OPTIONS = {
  keepCase: true,
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
} as const satisfies Options;
