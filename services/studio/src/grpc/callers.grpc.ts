/**
 * Who may call studio's gRPC services (see @studio/grpc/auth): the callers are the processes named by their
 * service tokens. Health checks are open to all; a method not listed here admits nobody.
 */
import type { CallerAllowlist } from '@studio/grpc';

export const STUDIO_GRPC_CALLERS: CallerAllowlist = {
  // Bearer tokens are checked by the gateway alone.
  'studio.v1.StudioInternal/AuthenticateToken': ['gateway'],
  // Gallery builds galleries from a shoot; upload checks the shoot of an upload.
  'studio.v1.StudioInternal/GetShoot': ['gallery', 'upload'],
  // The search rebuild streams studio's documents.
  'index.v1.IndexSource': ['search'],
  // The account console: people's sign-in, sessions, links and own tokens. No other service may mint sessions or tokens.
  'studio.v1.StudioAccounts': ['console'],
  // Writes for internal tooling: an operator's key only, no service of the stack.
  'studio.v1.StudioOperations': ['operator'],
};
