/** Inputs of the invoice operations (internal gRPC, operator CLI): issue and pay. */
import { z } from 'zod';
import { uuid } from '@studio/http';
import { cents, currency, numberedMembers, operationInput, timestamp } from './fields.schema.js';

/** A new invoice, draft (the default) or sent; paying it is its own operation, which emits the events. */
export const issueInvoiceInput = operationInput({
  ...numberedMembers(),
  amount_cents: cents(),
  currency: currency(),
  due_at: timestamp().nullish(),
  status: z
    .enum(['draft', 'sent'], 'must be draft or sent (pay an invoice with the pay operation)')
    .nullish()
    .transform((status) => status ?? 'draft'),
});

export const invoiceRef = operationInput({ workspace_id: uuid(), invoice_id: uuid() });

export type IssueInvoiceInput = z.output<typeof issueInvoiceInput>;
