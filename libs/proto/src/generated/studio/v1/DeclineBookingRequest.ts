// Original file: proto/studio/v1/studio.proto


export interface DeclineBookingRequest {
  'workspace_id'?: (string);
  'booking_id'?: (string);
  'reason'?: (string);
}

export interface DeclineBookingRequest__Output {
  'workspace_id': (string);
  'booking_id': (string);
  'reason': (string);
}
