// Original file: proto/studio/v1/studio.proto


export interface LinkRef {
  /**
   * The secret of an invitation or reset link.
   */
  'link_token'?: (string);
}

export interface LinkRef__Output {
  /**
   * The secret of an invitation or reset link.
   */
  'link_token': (string);
}
