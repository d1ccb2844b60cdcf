// Original file: proto/studio/v1/studio.proto


export interface CreateOrderRequest {
  'workspace_id'?: (string);
  'client_id'?: (string);
  'number'?: (string);
  'total_cents'?: (number);
  'currency'?: (string);
}

export interface CreateOrderRequest__Output {
  'workspace_id': (string);
  'client_id': (string);
  'number': (string);
  'total_cents': (number);
  'currency': (string);
}
