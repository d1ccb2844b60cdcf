// Original file: proto/studio/v1/studio.proto


export interface ConsoleWorkspace {
  'workspace_id'?: (string);
  'name'?: (string);
  /**
   * owner | admin | photographer | viewer
   */
  'role'?: (string);
}

export interface ConsoleWorkspace__Output {
  'workspace_id': (string);
  'name': (string);
  /**
   * owner | admin | photographer | viewer
   */
  'role': (string);
}
