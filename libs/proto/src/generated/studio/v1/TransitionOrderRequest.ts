// Original file: proto/studio/v1/studio.proto


export interface TransitionOrderRequest {
  'workspace_id'?: (string);
  'order_id'?: (string);
  /**
   * The status to move to.
   */
  'to'?: (string);
  /**
   * Only with to = shipped.
   */
  'tracking_number'?: (string);
  /**
   * Only with to = cancelled, refunded or needs_intervention.
   */
  'reason'?: (string);
}

export interface TransitionOrderRequest__Output {
  'workspace_id': (string);
  'order_id': (string);
  /**
   * The status to move to.
   */
  'to': (string);
  /**
   * Only with to = shipped.
   */
  'tracking_number': (string);
  /**
   * Only with to = cancelled, refunded or needs_intervention.
   */
  'reason': (string);
}
