// Original file: proto/studio/v1/studio.proto


export interface SendContractRequest {
  'workspace_id'?: (string);
  'client_id'?: (string);
  'proposal_id'?: (string);
  'title'?: (string);
}

export interface SendContractRequest__Output {
  'workspace_id': (string);
  'client_id': (string);
  'proposal_id': (string);
  'title': (string);
}
