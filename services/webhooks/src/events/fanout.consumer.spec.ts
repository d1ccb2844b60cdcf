import { describe, expect, it } from 'vitest';
import { parseEnvelope } from './fanout.consumer.js';

const envelope = {
  id: '6F1C1A51-5D2C-4C55-9A8F-2F6F3B0F7D11',
  type: 'gallery.published',
  created_at: '2026-11-22T10:00:00.000Z',
  workspace_id: '0b9f3c70-1c7a-4d57-a7b2-0b5c2b8e9f10',
  api_version: '2026-11',
  data: { gallery_id: 'b3b0f8e2-8a47-4a0e-9d38-4a7a6c1f7f52', nested: { a: [1, 2] } },
};
const buf = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v));

describe('parseEnvelope', () => {
  it('keeps exactly the public envelope members, in order', () => {
    const r = parseEnvelope(buf({ internal_note: 'x', ...envelope, request_id: 'r' }));
    expect(r.ok).toBe(true);
    if (r.ok !== true) return;
    expect(r.event.id).toBe(envelope.id.toLowerCase());
    expect(r.event.workspaceId).toBe(envelope.workspace_id);
    expect(Object.keys(JSON.parse(r.event.payload))).toEqual(['id', 'type', 'created_at', 'workspace_id', 'api_version', 'data']);
    expect(JSON.parse(r.event.payload).data).toEqual(envelope.data);
  });

  it('ignores internal-only event types', () => {
    expect(parseEnvelope(buf({ ...envelope, type: 'lead.created' }))).toEqual({ ok: 'ignore' });
  });

  it.each([
    ['not JSON', '{'],
    ['an array', '[]'],
    ['a bad id', { ...envelope, id: 'nope' }],
    ['no workspace', { ...envelope, workspace_id: undefined }],
    ['a bad time', { ...envelope, created_at: 'yesterday' }],
    ['a bad api_version', { ...envelope, api_version: 'v1' }],
    ['data not an object', { ...envelope, data: [1] }],
  ])('rejects %s', (_name, value) => {
    expect(parseEnvelope(buf(value)).ok).toBe(false);
  });
});
