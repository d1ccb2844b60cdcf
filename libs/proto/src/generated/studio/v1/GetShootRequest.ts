// Original file: proto/studio/v1/studio.proto


export interface GetShootRequest {
  'shoot_id'?: (string);
  /**
   * The caller's workspaces; the shoot must belong to one of them.
   */
  'workspace_ids'?: (string)[];
}

export interface GetShootRequest__Output {
  'shoot_id': (string);
  /**
   * The caller's workspaces; the shoot must belong to one of them.
   */
  'workspace_ids': (string)[];
}
