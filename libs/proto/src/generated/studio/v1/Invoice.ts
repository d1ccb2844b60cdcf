// Original file: proto/studio/v1/studio.proto


export interface Invoice {
  'id'?: (string);
  'workspace_id'?: (string);
  'client_id'?: (string);
  'number'?: (string);
  /**
   * draft | sent | paid | void
   */
  'status'?: (string);
  'amount_cents'?: (number);
  'currency'?: (string);
  'due_at'?: (string);
  'paid_at'?: (string);
  'created_at'?: (string);
}

export interface Invoice__Output {
  'id': (string);
  'workspace_id': (string);
  'client_id': (string);
  'number': (string);
  /**
   * draft | sent | paid | void
   */
  'status': (string);
  'amount_cents': (number);
  'currency': (string);
  'due_at': (string);
  'paid_at': (string);
  'created_at': (string);
}
