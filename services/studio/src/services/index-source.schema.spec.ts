/** The document-stream input of the index source: a workspace id (trimmed, lower-cased) and the wanted types. */
import { describe, expect, it } from 'vitest';
import { AppError } from '@studio/errors';
import { parseInput } from '@studio/http';
import { streamDocumentsInput } from './index-source.schema.js';

const WS = '7D4E1C1E-8A4B-4C7E-9F7A-1B2C3D4E5F60';

describe('streamDocumentsInput', () => {
  it('trims and lower-cases the workspace id; types pass as given (unknown ones are ignored by the service)', () => {
    expect(streamDocumentsInput.parse({ workspace_id: ` ${WS} `, types: ['client', 'photo'] })).toEqual({
      workspaceId: WS.toLowerCase(),
      types: ['client', 'photo'],
    });
    expect(streamDocumentsInput.parse({ workspace_id: WS, types: [] })).toEqual({ workspaceId: WS.toLowerCase(), types: [] });
  });

  it.each([[''], ['not-a-uuid'], [`${WS}0`]])('refuses the workspace id %j as invalid_input naming the member', (workspaceId) => {
    let refusal: unknown;
    try {
      parseInput(streamDocumentsInput, { workspace_id: workspaceId, types: [] });
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ kind: 'invalid_input', message: 'workspace_id: must be a UUID' });
  });
});
