// Original file: proto/studio/v1/studio.proto


export interface CreateProposalRequest {
  'workspace_id'?: (string);
  /**
   * At least one of client_id and lead_id.
   */
  'client_id'?: (string);
  'lead_id'?: (string);
  'title'?: (string);
  'amount_cents'?: (number);
  'currency'?: (string);
  'expires_at'?: (string);
}

export interface CreateProposalRequest__Output {
  'workspace_id': (string);
  /**
   * At least one of client_id and lead_id.
   */
  'client_id': (string);
  'lead_id': (string);
  'title': (string);
  'amount_cents': (number);
  'currency': (string);
  'expires_at': (string);
}
