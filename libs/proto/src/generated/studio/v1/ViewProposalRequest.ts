// Original file: proto/studio/v1/studio.proto


export interface ViewProposalRequest {
  'workspace_id'?: (string);
  'proposal_id'?: (string);
}

export interface ViewProposalRequest__Output {
  'workspace_id': (string);
  'proposal_id': (string);
}
