/** Clients: created within a workspace (email lower-cased), listed newest first. Creation emits client.created. */
import { z } from 'zod';
import { AppError } from '@studio/errors';
import { clientCreated } from '../events/domain-events.js';
import type { ServiceDeps } from './deps.js';
import { CURSOR_KIND, pageQuery, toPage, type Page, type PageRequest } from './paging.js';
import { serializeClient, type ClientJson } from './serializers.js';

export interface CreateClientInput {
  workspaceId: string;
  name: string;
  email?: string | null;
  phone?: string | null;
  notes?: string | null;
}

const email = z.email();

export class ClientService {
  constructor(private readonly deps: ServiceDeps) {}

  async create(input: CreateClientInput): Promise<ClientJson> {
    const { db, stores, events } = this.deps;
    const name = input.name.trim();
    if (!name) throw new AppError('invalid_input', 'name is required');
    const normalizedEmail = input.email ? input.email.trim().toLowerCase() : null;
    if (normalizedEmail !== null && !email.safeParse(normalizedEmail).success) throw new AppError('invalid_input', 'email must be a valid address');
    const client = await db.transaction(async (tx) => {
      const created = await stores.clients.create(
        { workspaceId: input.workspaceId, name, email: normalizedEmail, phone: input.phone ?? null, notes: input.notes ?? null },
        tx,
      );
      await stores.outbox.append(tx, clientCreated(created));
      return created;
    });
    events.nudge();
    return serializeClient(client);
  }

  async list(workspaceIds: string[], req: PageRequest): Promise<Page<ClientJson>> {
    const { cursor, stores } = this.deps;
    const page = pageQuery(cursor, CURSOR_KIND.clients, req);
    const rows = await stores.clients.listInWorkspaces(workspaceIds, page);
    return toPage(cursor, CURSOR_KIND.clients, rows, req.limit, serializeClient);
  }
}
