/**
 * The delivered body (spec section 6): the event envelope serialised with exactly `id, type, created_at,
 * workspace_id, api_version, data`, in that order. Fan-out writes every real event's payload with it and the test
 * delivery its example event, so both are the same bytes a subscriber verifies.
 */
export interface PublicEnvelope {
  id: string;
  type: string;
  created_at: string;
  workspace_id: string;
  api_version: string;
  data: Record<string, unknown>;
}

/** The exact raw body that is stored, signed and sent: the documented members only, in the documented order. */
export function serializeEnvelope(e: PublicEnvelope): string {
  return JSON.stringify({
    id: e.id,
    type: e.type,
    created_at: e.created_at,
    workspace_id: e.workspace_id,
    api_version: e.api_version,
    data: e.data,
  });
}
