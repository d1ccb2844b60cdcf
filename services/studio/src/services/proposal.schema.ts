/** Inputs of the proposal operations (internal gRPC, operator CLI): create, send, view, accept and decline. */
import type { z } from 'zod';
import { uuid } from '@studio/http';
import { cents, clientOrLeadMembers, currency, oneOf, operationInput, optionalText, timestamp } from './fields.schema.js';

export const createProposalInput = operationInput(
  {
    ...clientOrLeadMembers(),
    amount_cents: cents(),
    currency: currency(),
    expires_at: timestamp().nullish(),
  },
  oneOf('a proposal', ['client_id', 'lead_id']),
);

/** expires_at: when absent, the draft's own, else 30 days after sending (ProposalService.send). */
export const sendProposalInput = operationInput({ workspace_id: uuid(), proposal_id: uuid(), expires_at: timestamp().nullish() });

export const proposalRef = operationInput({ workspace_id: uuid(), proposal_id: uuid() });

export const declineProposalInput = operationInput({ workspace_id: uuid(), proposal_id: uuid(), reason: optionalText(2_000) });

export type CreateProposalInput = z.output<typeof createProposalInput>;
