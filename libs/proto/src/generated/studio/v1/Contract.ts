// Original file: proto/studio/v1/studio.proto


export interface Contract {
  'id'?: (string);
  'workspace_id'?: (string);
  'client_id'?: (string);
  'proposal_id'?: (string);
  'title'?: (string);
  /**
   * sent | signed
   */
  'status'?: (string);
  'sent_at'?: (string);
  'signed_at'?: (string);
  'signed_by'?: (string);
  'created_at'?: (string);
  'updated_at'?: (string);
}

export interface Contract__Output {
  'id': (string);
  'workspace_id': (string);
  'client_id': (string);
  'proposal_id': (string);
  'title': (string);
  /**
   * sent | signed
   */
  'status': (string);
  'sent_at': (string);
  'signed_at': (string);
  'signed_by': (string);
  'created_at': (string);
  'updated_at': (string);
}
