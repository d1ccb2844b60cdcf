/** Inputs of the contract operations (internal gRPC, operator CLI): send and sign. */
import type { z } from 'zod';
import { uuid } from '@studio/http';
import { operationInput, optionalText, text } from './fields.schema.js';

export const sendContractInput = operationInput({
  workspace_id: uuid(),
  client_id: uuid().nullish(),
  proposal_id: uuid().nullish(),
  title: text(1, 200),
});

/** signed_by: the signer's name, optional. */
export const signContractInput = operationInput({ workspace_id: uuid(), contract_id: uuid(), signed_by: optionalText(200) });

export type SendContractInput = z.output<typeof sendContractInput>;
