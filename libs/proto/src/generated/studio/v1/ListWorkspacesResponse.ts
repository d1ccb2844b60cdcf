// Original file: proto/studio/v1/studio.proto

import type { ConsoleWorkspace as _studio_v1_ConsoleWorkspace, ConsoleWorkspace__Output as _studio_v1_ConsoleWorkspace__Output } from '../../studio/v1/ConsoleWorkspace.js';

export interface ListWorkspacesResponse {
  'workspaces'?: (_studio_v1_ConsoleWorkspace)[];
}

export interface ListWorkspacesResponse__Output {
  'workspaces': (_studio_v1_ConsoleWorkspace__Output)[];
}
