// Original file: proto/studio/v1/studio.proto


export interface LinkDescription {
  /**
   * valid | invalid (unknown, used or expired: one answer, so a link's history is not told)
   */
  'state'?: (string);
  /**
   * invite | reset (on valid)
   */
  'kind'?: (string);
  'email'?: (string);
}

export interface LinkDescription__Output {
  /**
   * valid | invalid (unknown, used or expired: one answer, so a link's history is not told)
   */
  'state': (string);
  /**
   * invite | reset (on valid)
   */
  'kind': (string);
  'email': (string);
}
