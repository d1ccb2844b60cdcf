import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createLogger } from '@studio/logger';
import type { ClaimedDelivery } from '../../store/delivery.store.js';
import type { SendResult, WebhookSender } from '../http-sender.js';
import { createSecretBox } from '../secret-crypto.js';
import { verifySignature } from '../signing.js';
import { DeliveryAttempts } from './delivery-attempt.js';

const secrets = createSecretBox(randomBytes(32));
const SECRET = 'whsec_spec';

/** A sender that records what it was asked to send and answers 200 (a unit spec: no network). */
function recordingSender() {
  const sent: { url: string; headers: Record<string, string>; body: string }[] = [];
  const sender = {
    async send(url: URL, headers: Record<string, string>, body: string): Promise<SendResult> {
      sent.push({ url: url.href, headers, body });
      return { status: 200, detail: null, errorKind: null, durationMs: 1 };
    },
  } as unknown as WebhookSender;
  return { sent, sender };
}

function row(test: boolean): ClaimedDelivery {
  return {
    id: 'd1',
    eventId: '5f0c7a4e-2b1d-4e3f-8a9b-0c1d2e3f4a5b',
    eventType: 'gallery.published',
    workspaceId: 'w',
    endpointId: 'e1',
    payload: '{"id":"5f0c7a4e-2b1d-4e3f-8a9b-0c1d2e3f4a5b","type":"gallery.published"}',
    attemptCount: 0,
    cycleAttempts: 0,
    url: 'https://hooks.example.test/studio',
    endpointActive: true,
    secretEnc: secrets.encrypt(SECRET, 'e1'),
    previousSecretEnc: null,
    traceparent: null,
    requestId: null,
    test,
  };
}

describe('DeliveryAttempts', () => {
  const attempts = (sender: WebhookSender) =>
    new DeliveryAttempts({
      sender,
      secrets,
      logger: createLogger({ service: 'spec', level: 'silent' }),
      schedule: [100],
      accessLog: false,
    });

  it('marks a test delivery with X-Service-Test: true and signs it as any other', async () => {
    const { sent, sender } = recordingSender();
    const completion = await attempts(sender).run(row(true), 'claim');
    expect(completion.state).toBe('succeeded');
    const [req] = sent;
    expect(req!.headers['x-service-test']).toBe('true');
    expect(req!.headers['x-service-event-id']).toBe(row(true).eventId);
    expect(req!.headers['x-service-event-type']).toBe('gallery.published');
    expect(verifySignature(req!.body, req!.headers['x-service-signature'], SECRET)).toEqual({ ok: true, scheme: 'v1' });
  });

  it('sends no X-Service-Test header on a real delivery', async () => {
    const { sent, sender } = recordingSender();
    await attempts(sender).run(row(false), 'claim');
    expect(Object.keys(sent[0]!.headers).sort()).toEqual([
      'content-type',
      'x-service-event-id',
      'x-service-event-type',
      'x-service-signature',
    ]);
  });
});
