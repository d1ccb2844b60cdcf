/** Input of the index source's document stream (index.v1.IndexSource StreamDocuments, the search rebuild). */
import { z } from 'zod';
import { uuid } from '@studio/http';
import { operationInput } from './fields.schema.js';

/** One workspace's documents; `types` empty means every type studio owns, types it does not own are ignored. */
export const streamDocumentsInput = operationInput({
  workspace_id: z.string().trim().pipe(uuid()),
  types: z.array(z.string()),
});

export type StreamDocumentsInput = z.output<typeof streamDocumentsInput>;
