/**
 * Who may call upload's gRPC services (see @studio/grpc/auth). Health checks are open to all; a method not listed
 * here admits nobody.
 */
import type { CallerAllowlist } from '@studio/grpc';

export const UPLOAD_GRPC_CALLERS: CallerAllowlist = {
  // Gallery builds a gallery from a shoot's ready keepers.
  'upload.v1.UploadInternal/ListReadyKeepers': ['gallery'],
};
