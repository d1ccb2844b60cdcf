/**
 * The index consumer on the one consumer of @studio/amqp/consumer, against real RabbitMQ: when the broker cancels it
 * (its queue is deleted under it) it declares the queue again on a fresh channel and goes on indexing; a graceful
 * stop detaches it from the queue.
 */
import { randomUUID } from 'node:crypto';
import amqp, { type Channel, type ChannelModel } from 'amqplib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testConfig } from '@studio/testkit';
import { envelope, publish, startHarness, waitForHit, waitUntil, type Harness } from './support/harness.js';

let h: Harness;
let broker: ChannelModel;
const ws = randomUUID();

beforeAll(async () => {
  h = await startHarness();
  broker = await amqp.connect(testConfig.TEST_AMQP_URL);
});
afterAll(async () => {
  await broker?.close();
  await h?.close();
});

/** Runs `fn` on a channel of its own (a missing queue closes the channel that asked about it). */
async function withChannel<T>(fn: (channel: Channel) => Promise<T>): Promise<T> {
  const channel = await broker.createChannel();
  channel.on('error', () => undefined);
  try {
    return await fn(channel);
  } finally {
    await channel.close().catch(() => undefined);
  }
}
const consumersOf = (queue: string) => withChannel(async (channel) => (await channel.checkQueue(queue)).consumerCount).catch(() => -1);

it('declares its queue again and resumes when the broker cancels it', async () => {
  await withChannel((channel) => channel.deleteQueue(h.queue));
  await waitUntil(
    async () => h.running.consumer.isConsuming() && (await consumersOf(h.queue)) === 1,
    15_000,
    'queue declared and consumed again',
  );
  const id = randomUUID();
  await publish(h, envelope('client.created', ws, { client_id: id, name: 'Resumed Rook', updated_at: new Date().toISOString() }));
  await waitForHit(h, ws, 'rook', id);
});

it('stops consuming on a graceful stop', async () => {
  await h.running.consumer.stop();
  expect(h.running.consumer.isConsuming()).toBe(false);
  expect(await consumersOf(h.queue)).toBe(0);
});
