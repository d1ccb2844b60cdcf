/** The invoice issue input: draft unless sent is asked for; paying is another operation. */
import { describe, expect, it } from 'vitest';
import { issueInvoiceInput } from './invoice.schema.js';

const base = { workspace_id: '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60', number: 'INV-1', amount_cents: 100, currency: 'EUR' };

describe('issueInvoiceInput', () => {
  it('is a draft unless sent is asked for', () => {
    expect(issueInvoiceInput.parse(base).status).toBe('draft');
    expect(issueInvoiceInput.parse({ ...base, status: null }).status).toBe('draft');
    expect(issueInvoiceInput.parse({ ...base, status: 'sent' }).status).toBe('sent');
  });

  it('refuses paid (and anything else) naming the pay operation', () => {
    expect(issueInvoiceInput.safeParse({ ...base, status: 'paid' }).error?.issues[0]).toMatchObject({
      path: ['status'],
      message: 'must be draft or sent (pay an invoice with the pay operation)',
    });
  });
});
