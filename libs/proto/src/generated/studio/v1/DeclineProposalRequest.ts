// Original file: proto/studio/v1/studio.proto


export interface DeclineProposalRequest {
  'workspace_id'?: (string);
  'proposal_id'?: (string);
  'reason'?: (string);
}

export interface DeclineProposalRequest__Output {
  'workspace_id': (string);
  'proposal_id': (string);
  'reason': (string);
}
