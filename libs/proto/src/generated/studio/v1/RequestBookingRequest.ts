// Original file: proto/studio/v1/studio.proto


export interface RequestBookingRequest {
  'workspace_id'?: (string);
  /**
   * At least one of client_id and lead_id.
   */
  'client_id'?: (string);
  'lead_id'?: (string);
  'title'?: (string);
  'scheduled_start'?: (string);
  'scheduled_end'?: (string);
  'location'?: (string);
  'notes'?: (string);
}

export interface RequestBookingRequest__Output {
  'workspace_id': (string);
  /**
   * At least one of client_id and lead_id.
   */
  'client_id': (string);
  'lead_id': (string);
  'title': (string);
  'scheduled_start': (string);
  'scheduled_end': (string);
  'location': (string);
  'notes': (string);
}
