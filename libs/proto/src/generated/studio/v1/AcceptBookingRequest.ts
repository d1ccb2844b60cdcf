// Original file: proto/studio/v1/studio.proto


export interface AcceptBookingRequest {
  'workspace_id'?: (string);
  'booking_id'?: (string);
}

export interface AcceptBookingRequest__Output {
  'workspace_id': (string);
  'booking_id': (string);
}
