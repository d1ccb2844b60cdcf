/** Inputs of the client operations: create (POST /clients), update and delete (internal gRPC, operator CLI). */
import type { z } from 'zod';
import { uuid } from '@studio/http';
import { changesSomething, operationInput, optionalEmail, optionalText, text } from './fields.schema.js';

const clientMembers = {
  name: text(1, 200),
  email: optionalEmail(),
  phone: optionalText(40),
  notes: optionalText(10_000),
};

export const createClientInput = operationInput({ workspace_id: uuid(), ...clientMembers });

/** Absent members stay unchanged; null (or "" over gRPC and the CLI) clears one (name cannot be cleared). */
export const updateClientInput = operationInput(
  { workspace_id: uuid(), client_id: uuid(), ...clientMembers, name: clientMembers.name.optional() },
  changesSomething(['name', 'email', 'phone', 'notes']),
);

export const clientRef = operationInput({ workspace_id: uuid(), client_id: uuid() });

export type CreateClientInput = z.output<typeof createClientInput>;
export type UpdateClientInput = z.output<typeof updateClientInput>;
