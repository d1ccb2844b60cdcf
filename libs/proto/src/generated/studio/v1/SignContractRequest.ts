// Original file: proto/studio/v1/studio.proto


export interface SignContractRequest {
  'workspace_id'?: (string);
  'contract_id'?: (string);
  'signed_by'?: (string);
}

export interface SignContractRequest__Output {
  'workspace_id': (string);
  'contract_id': (string);
  'signed_by': (string);
}
