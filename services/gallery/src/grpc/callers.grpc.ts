/**
 * Who may call gallery's gRPC services (see @studio/grpc/auth). Health checks are open to all; a method not listed
 * here admits nobody.
 */
import type { CallerAllowlist } from '@studio/grpc';

export const GALLERY_GRPC_CALLERS: CallerAllowlist = {
  // The search rebuild streams gallery's documents (galleries and albums).
  'index.v1.IndexSource': ['search'],
};
