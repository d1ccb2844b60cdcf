// Original file: proto/studio/v1/studio.proto


export interface SendProposalRequest {
  'workspace_id'?: (string);
  'proposal_id'?: (string);
  /**
   * In the future; default: the draft's expires_at, else 30 days after sending.
   */
  'expires_at'?: (string);
}

export interface SendProposalRequest__Output {
  'workspace_id': (string);
  'proposal_id': (string);
  /**
   * In the future; default: the draft's expires_at, else 30 days after sending.
   */
  'expires_at': (string);
}
