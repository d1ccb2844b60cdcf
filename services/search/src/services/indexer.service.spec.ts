import { describe, expect, it } from 'vitest';
import { InvalidEventError, parseEvent } from './indexer.service.js';
import { isConnectivityError } from '../events/index.consumer.js';

const WS = '6f1c2a8e-4b1d-4c3a-9f0e-1a2b3c4d5e6f';
const ID = '0b7e4c1a-2d3f-4e5a-8b6c-7d8e9f0a1b2c';
const env = (type: string, data: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  id: '11111111-2222-4333-8444-555555555555',
  type,
  created_at: '2026-11-22T10:00:00.000Z',
  workspace_id: WS,
  api_version: '2026-11',
  data,
  ...extra,
});

describe('parseEvent', () => {
  it('reads <type>_id (or id) and lower-cases ids', () => {
    expect(parseEvent(env('client.created', { client_id: ID.toUpperCase() }))).toMatchObject({
      docType: 'client',
      action: 'created',
      docId: ID,
      workspaceId: WS,
    });
    expect(parseEvent(env('album.updated', { id: ID }))?.docId).toBe(ID);
  });
  it('ignores event types search does not index', () => {
    expect(parseEvent(env('invoice.paid', {}))).toBeNull();
    expect(parseEvent(env('gallery.published', { gallery_id: ID }))).toBeNull();
    expect(parseEvent(env('shoot.completed', { shoot_id: ID }))).toBeNull();
  });
  it('refuses data it cannot apply (the envelope itself is read by @studio/amqp/consumer)', () => {
    for (const bad of [
      env('client.created', { client_id: 'nope' }),
      env('client.created', {}),
      env('client.created', { client_id: ID }, { created_at: 'yesterday' }),
    ]) {
      expect(() => parseEvent(bad), JSON.stringify(bad)).toThrow(InvalidEventError);
    }
  });
});

describe('isConnectivityError', () => {
  it('recognises an unreachable database, not a bad message', () => {
    expect(isConnectivityError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectivityError({ code: 'ECONNREFUSED' })).toBe(true);
    expect(isConnectivityError({ name: 'DriverAdapterError', cause: { originalCode: '57P01' } })).toBe(true);
    expect(isConnectivityError({ code: 'P1001' })).toBe(true);
    expect(isConnectivityError(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isConnectivityError(new Error('invalid input syntax for type uuid'))).toBe(false);
    expect(isConnectivityError({ code: '23505' })).toBe(false);
    expect(isConnectivityError(null)).toBe(false);
  });
});
