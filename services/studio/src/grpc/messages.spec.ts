/** JSON <-> proto3: null as "" in answers; a decoded request as its operation's input. */
import { describe, expect, it } from 'vitest';
import { requestInput, toMessage } from './messages.js';

describe('toMessage', () => {
  it('replaces every null with "" (nested objects and arrays too)', () => {
    expect(toMessage({ a: null, b: 1, c: [{ d: null }], e: { f: null, g: false } })).toEqual({
      a: '',
      b: 1,
      c: [{ d: '' }],
      e: { f: '', g: false },
    });
  });
});

describe('requestInput', () => {
  it('leaves out a plain string that is "" (not given) and keeps numbers, 0 included', () => {
    expect(requestInput({ workspace_id: 'w', client_id: '', title: 'T', amount_cents: 0 })).toEqual({
      workspace_id: 'w',
      title: 'T',
      amount_cents: 0,
    });
  });

  it('keeps a sent optional member, "" as null (clear), and leaves out one that was not sent and the synthetic oneofs', () => {
    // As proto-loader (oneofs: true) decodes UpdateClientRequest { workspace_id: "w", client_id: "c", phone: "", name: "N" }.
    const decoded = { workspace_id: 'w', client_id: 'c', phone: '', _phone: 'phone', name: 'N', _name: 'name' };
    expect(requestInput(decoded)).toEqual({ workspace_id: 'w', client_id: 'c', phone: null, name: 'N' });
  });
});
