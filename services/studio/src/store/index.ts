/** Every store of the studio database, built over one Database. */
import { ClientStore } from './client.store.js';
import type { Database } from './db.js';
import { InvoiceStore } from './invoice.store.js';
import { OrderStore } from './order.store.js';
import { OutboxStore } from './outbox.store.js';
import { ProfileStore } from './profile.store.js';
import { ShootStore } from './shoot.store.js';
import { TaskStore } from './task.store.js';
import { TokenStore } from './token.store.js';
import { WorkspaceStore } from './workspace.store.js';

export interface Stores {
  profiles: ProfileStore;
  tokens: TokenStore;
  workspaces: WorkspaceStore;
  shoots: ShootStore;
  clients: ClientStore;
  orders: OrderStore;
  invoices: InvoiceStore;
  tasks: TaskStore;
  outbox: OutboxStore;
}

export function createStores(db: Database): Stores {
  return {
    profiles: new ProfileStore(db),
    tokens: new TokenStore(db),
    workspaces: new WorkspaceStore(db),
    shoots: new ShootStore(db),
    clients: new ClientStore(db),
    orders: new OrderStore(db),
    invoices: new InvoiceStore(db),
    tasks: new TaskStore(db),
    outbox: new OutboxStore(db),
  };
}
