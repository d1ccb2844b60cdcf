// Original file: proto/studio/v1/studio.proto


export interface Order {
  'id'?: (string);
  'workspace_id'?: (string);
  'client_id'?: (string);
  'number'?: (string);
  /**
   * pending | paid | sent_to_print | shipped | delivered | cancelled | refunded | needs_intervention
   */
  'status'?: (string);
  'total_cents'?: (number);
  'currency'?: (string);
  'paid_at'?: (string);
  'created_at'?: (string);
}

export interface Order__Output {
  'id': (string);
  'workspace_id': (string);
  'client_id': (string);
  'number': (string);
  /**
   * pending | paid | sent_to_print | shipped | delivered | cancelled | refunded | needs_intervention
   */
  'status': (string);
  'total_cents': (number);
  'currency': (string);
  'paid_at': (string);
  'created_at': (string);
}
