// Original file: proto/studio/v1/studio.proto


export interface SignOutResponse {
  /**
   * How many sessions ended.
   */
  'ended'?: (number);
}

export interface SignOutResponse__Output {
  /**
   * How many sessions ended.
   */
  'ended': (number);
}
