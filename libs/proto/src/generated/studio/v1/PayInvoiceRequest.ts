// Original file: proto/studio/v1/studio.proto


export interface PayInvoiceRequest {
  'workspace_id'?: (string);
  'invoice_id'?: (string);
}

export interface PayInvoiceRequest__Output {
  'workspace_id': (string);
  'invoice_id': (string);
}
