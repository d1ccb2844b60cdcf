// Original file: proto/studio/v1/studio.proto


export interface AcceptProposalRequest {
  'workspace_id'?: (string);
  'proposal_id'?: (string);
}

export interface AcceptProposalRequest__Output {
  'workspace_id': (string);
  'proposal_id': (string);
}
