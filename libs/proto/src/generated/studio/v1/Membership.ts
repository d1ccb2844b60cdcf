// Original file: proto/studio/v1/studio.proto


export interface Membership {
  'workspace_id'?: (string);
  /**
   * owner | admin | photographer | viewer
   */
  'role'?: (string);
}

export interface Membership__Output {
  'workspace_id': (string);
  /**
   * owner | admin | photographer | viewer
   */
  'role': (string);
}
