// Original file: proto/studio/v1/studio.proto


export interface Proposal {
  'id'?: (string);
  'workspace_id'?: (string);
  'client_id'?: (string);
  'lead_id'?: (string);
  'title'?: (string);
  /**
   * draft | sent | viewed | accepted | declined | expired
   */
  'status'?: (string);
  'amount_cents'?: (number);
  'currency'?: (string);
  'expires_at'?: (string);
  'sent_at'?: (string);
  'viewed_at'?: (string);
  'decided_at'?: (string);
  'decline_reason'?: (string);
  'created_at'?: (string);
  'updated_at'?: (string);
}

export interface Proposal__Output {
  'id': (string);
  'workspace_id': (string);
  'client_id': (string);
  'lead_id': (string);
  'title': (string);
  /**
   * draft | sent | viewed | accepted | declined | expired
   */
  'status': (string);
  'amount_cents': (number);
  'currency': (string);
  'expires_at': (string);
  'sent_at': (string);
  'viewed_at': (string);
  'decided_at': (string);
  'decline_reason': (string);
  'created_at': (string);
  'updated_at': (string);
}
