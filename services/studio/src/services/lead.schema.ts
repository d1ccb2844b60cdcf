/** Inputs of the lead operations (internal gRPC, operator CLI): create, update and delete. */
import type { z } from 'zod';
import { uuid } from '@studio/http';
import { changesSomething, operationInput, optionalEmail, optionalText, text } from './fields.schema.js';

const leadMembers = {
  name: text(1, 200),
  email: optionalEmail(),
  phone: optionalText(40),
  source: optionalText(200),
  notes: optionalText(10_000),
  client_id: uuid().nullish(),
};

export const createLeadInput = operationInput({ workspace_id: uuid(), ...leadMembers });

/** Absent members stay unchanged; null (or "" over gRPC and the CLI) clears one (name cannot be cleared). */
export const updateLeadInput = operationInput(
  { workspace_id: uuid(), lead_id: uuid(), ...leadMembers, name: leadMembers.name.optional() },
  changesSomething(['name', 'email', 'phone', 'source', 'notes', 'client_id']),
);

export const leadRef = operationInput({ workspace_id: uuid(), lead_id: uuid() });

export type CreateLeadInput = z.output<typeof createLeadInput>;
export type UpdateLeadInput = z.output<typeof updateLeadInput>;
