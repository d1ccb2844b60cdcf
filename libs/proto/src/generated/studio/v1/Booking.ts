// Original file: proto/studio/v1/studio.proto


export interface Booking {
  'id'?: (string);
  'workspace_id'?: (string);
  'client_id'?: (string);
  'lead_id'?: (string);
  'title'?: (string);
  /**
   * requested | accepted | declined
   */
  'status'?: (string);
  'scheduled_start'?: (string);
  'scheduled_end'?: (string);
  'location'?: (string);
  'notes'?: (string);
  'decided_at'?: (string);
  'decline_reason'?: (string);
  'created_at'?: (string);
  'updated_at'?: (string);
}

export interface Booking__Output {
  'id': (string);
  'workspace_id': (string);
  'client_id': (string);
  'lead_id': (string);
  'title': (string);
  /**
   * requested | accepted | declined
   */
  'status': (string);
  'scheduled_start': (string);
  'scheduled_end': (string);
  'location': (string);
  'notes': (string);
  'decided_at': (string);
  'decline_reason': (string);
  'created_at': (string);
  'updated_at': (string);
}
