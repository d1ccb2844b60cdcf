/**
 * The outbox: domain events written in the same transaction as the change they describe, and claimed by the
 * relay in batches. The SQL is the same in every service (@studio/amqp/outbox-store); it runs on studio's database.
 */
import { SqlOutboxStore, type NewOutboxEvent } from '@studio/amqp/outbox-store';
import type { Database, Tx } from './db.js';

export type { NewOutboxEvent };

export class OutboxStore extends SqlOutboxStore<Tx> {
  constructor(db: Database) {
    super(db);
  }
}
