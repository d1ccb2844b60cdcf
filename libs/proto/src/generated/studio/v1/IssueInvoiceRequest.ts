// Original file: proto/studio/v1/studio.proto


export interface IssueInvoiceRequest {
  'workspace_id'?: (string);
  'client_id'?: (string);
  'number'?: (string);
  'amount_cents'?: (number);
  'currency'?: (string);
  'due_at'?: (string);
  /**
   * draft (default) | sent
   */
  'status'?: (string);
}

export interface IssueInvoiceRequest__Output {
  'workspace_id': (string);
  'client_id': (string);
  'number': (string);
  'amount_cents': (number);
  'currency': (string);
  'due_at': (string);
  /**
   * draft (default) | sent
   */
  'status': (string);
}
