/** Every store of the studio database, built over one Database. */
import { BookingStore } from './booking.store.js';
import { ClientStore } from './client.store.js';
import { ContractStore } from './contract.store.js';
import type { Database, Tx } from './db.js';
import { InvoiceStore } from './invoice.store.js';
import { LeadStore } from './lead.store.js';
import { LinkStore } from './link.store.js';
import { OrderStore } from './order.store.js';
import { SqlOutboxStore } from '@studio/amqp/outbox-store';
import { SqlIdempotencyStore } from '@studio/idempotency';
import { ProfileStore } from './profile.store.js';
import { ProposalStore } from './proposal.store.js';
import { ReviewStore } from './review.store.js';
import { SessionStore } from './session.store.js';
import { ShootStore } from './shoot.store.js';
import { TaskStore } from './task.store.js';
import { ThrottleStore } from './throttle.store.js';
import { TokenStore } from './token.store.js';
import { WorkspaceStore } from './workspace.store.js';

export interface Stores {
  profiles: ProfileStore;
  tokens: TokenStore;
  /** Console sessions, one-time links and sign-in throttles (the account console). */
  sessions: SessionStore;
  links: LinkStore;
  throttles: ThrottleStore;
  workspaces: WorkspaceStore;
  shoots: ShootStore;
  clients: ClientStore;
  leads: LeadStore;
  bookings: BookingStore;
  proposals: ProposalStore;
  contracts: ContractStore;
  orders: OrderStore;
  invoices: InvoiceStore;
  reviews: ReviewStore;
  tasks: TaskStore;
  outbox: SqlOutboxStore<Tx>;
  /** Idempotency-Key records of the keyed routes (@studio/idempotency). */
  idempotency: SqlIdempotencyStore;
}

export function createStores(db: Database): Stores {
  return {
    profiles: new ProfileStore(db),
    tokens: new TokenStore(db),
    sessions: new SessionStore(db),
    links: new LinkStore(db),
    throttles: new ThrottleStore(db),
    workspaces: new WorkspaceStore(db),
    shoots: new ShootStore(db),
    clients: new ClientStore(db),
    leads: new LeadStore(db),
    bookings: new BookingStore(db),
    proposals: new ProposalStore(db),
    contracts: new ContractStore(db),
    orders: new OrderStore(db),
    invoices: new InvoiceStore(db),
    reviews: new ReviewStore(db),
    tasks: new TaskStore(db),
    outbox: new SqlOutboxStore<Tx>(db),
    idempotency: new SqlIdempotencyStore(db),
  };
}
