/**
 * Test factories built on studio's real service layer (the same code the CLI and the routes use), and callers
 * that carry the identity the gateway would sign after AuthenticateToken.
 */
import { type KeyObject, randomUUID } from 'node:crypto';
import { signIdentity, type Role, type TokenPrincipal } from '@studio/identity';
import type { Services } from '../src/services/index.js';
import type { CreateShootInput } from '../src/services/shoot.schema.js';
import type { CreateClientInput } from '../src/services/client.schema.js';
import type { CreateTaskInput } from '../src/services/task.schema.js';
import type { NewOrder } from '../src/store/order.store.js';
import type { RequestBookingInput } from '../src/services/booking.schema.js';
import type { CreateProposalInput } from '../src/services/proposal.schema.js';
import type { SendContractInput } from '../src/services/contract.schema.js';
import type { CreateReviewInput } from '../src/services/review.schema.js';
import type { CreateOrderInput } from '../src/services/order.schema.js';
import type { NewInvoice } from '../src/store/invoice.store.js';

export interface Caller {
  profileId: string;
  tokenId: string;
  token: string;
  principal: TokenPrincipal;
  /** Headers with a freshly signed identity (x-studio-identity). */
  headers(): Record<string, string>;
}

export interface Tenant {
  workspaceId: string;
  profiles: Record<Role, string>;
  callers: Record<Role, Caller>;
}

export type Given = ReturnType<typeof createGiven>;

/** `identityKey` signs callers' identities as the gateway does (audience 'studio'). */
export function createGiven(services: Services, identityKey: KeyObject) {
  let seq = 0;
  const unique = (what: string) => `${what}-${Date.now().toString(36)}-${++seq}-${randomUUID().slice(0, 8)}`;

  const given = {
    async profile(opts: { email?: string; name?: string } = {}) {
      return services.profiles.create({ email: opts.email ?? `${unique('p')}@example.test`, name: opts.name ?? 'Test Person' });
    },

    /** A workspace with an owner (a new profile unless `ownerId` is given). */
    async workspace(opts: { name?: string; ownerId?: string } = {}) {
      const ownerId = opts.ownerId ?? (await given.profile({ name: 'Owner' })).id;
      const ws = await services.workspaces.create({ name: opts.name ?? unique('Studio'), ownerId });
      return { id: ws.id, name: ws.name, ownerId };
    },

    /** Adds a member with `role` (a new profile unless `profileId` is given); returns the profile id. */
    async member(workspaceId: string, role: Role, profileId?: string) {
      const id = profileId ?? (await given.profile({ name: role })).id;
      await services.workspaces.addMember({ workspaceId, profileId: id, role });
      return id;
    },

    async token(
      profileId: string,
      opts: { workspaceId?: string; rateLimit?: number; name?: string; readOnly?: boolean; expiresInDays?: number } = {},
    ) {
      return services.tokens.create({ profileId, ...opts });
    },

    /** Signs what the gateway would forward for `token` (after AuthenticateToken). */
    async callerForToken(token: string): Promise<Caller> {
      const auth = await services.tokens.authenticate(token);
      const principal: TokenPrincipal = {
        kind: 'token',
        profileId: auth.profileId,
        tokenId: auth.tokenId,
        scopeWorkspaceId: auth.scopeWorkspaceId,
        memberships: Object.fromEntries(auth.memberships.map((m) => [m.workspaceId, m.role])),
      };
      return {
        profileId: auth.profileId,
        tokenId: auth.tokenId,
        token,
        principal,
        headers: () => ({ 'x-studio-identity': signIdentity(principal, identityKey, 'studio') }),
      };
    },

    /** A fresh token of `profileId` (optionally scoped) and its signed caller. */
    async caller(profileId: string, opts: { workspaceId?: string } = {}): Promise<Caller> {
      const { token } = await given.token(profileId, opts);
      return given.callerForToken(token);
    },

    /** A workspace with one member per role asked for, each with its own caller. */
    async tenant(roles: Role[] = ['owner', 'admin', 'photographer', 'viewer']): Promise<Tenant> {
      const ws = await given.workspace();
      const profiles = {} as Record<Role, string>;
      const callers = {} as Record<Role, Caller>;
      for (const role of roles) {
        profiles[role] = role === 'owner' ? ws.ownerId : await given.member(ws.id, role);
        callers[role] = await given.caller(profiles[role]);
      }
      return { workspaceId: ws.id, profiles, callers };
    },

    shoot(workspaceId: string, input: Partial<CreateShootInput> = {}) {
      return services.shoots.create({ workspaceId, title: input.title ?? unique('Shoot'), ...input });
    },

    client(workspaceId: string, input: Partial<CreateClientInput> = {}) {
      return services.clients.create({ workspaceId, name: input.name ?? unique('Client'), ...input });
    },

    order(workspaceId: string, input: Partial<NewOrder> = {}) {
      return services.orders.record({
        workspaceId,
        clientId: null,
        number: unique('PO'),
        status: 'paid',
        totalCents: 1000,
        currency: 'EUR',
        paidAt: new Date(),
        ...input,
      });
    },

    invoice(workspaceId: string, input: Partial<NewInvoice> = {}) {
      return services.invoices.create({
        workspaceId,
        clientId: null,
        number: unique('INV'),
        status: 'sent',
        amountCents: 5000,
        currency: 'EUR',
        dueAt: null,
        paidAt: null,
        ...input,
      });
    },

    task(workspaceId: string, input: Partial<CreateTaskInput> = {}) {
      return services.tasks.create({ workspaceId, title: input.title ?? unique('Task'), ...input });
    },

    lead(workspaceId: string, input: Partial<Parameters<Services['leads']['create']>[0]> = {}) {
      return services.leads.create({ workspaceId, name: input.name ?? unique('Lead'), ...input });
    },

    /** A requested booking of a new client (unless clientId or leadId is given). */
    async booking(workspaceId: string, input: Partial<RequestBookingInput> = {}) {
      const clientId = input.clientId ?? (input.leadId ? null : (await given.client(workspaceId)).id);
      return services.bookings.request({
        workspaceId,
        clientId,
        title: unique('Session'),
        scheduledStart: new Date('2027-06-01T10:00:00Z'),
        ...input,
      });
    },

    /** A draft proposal to a new client (unless clientId or leadId is given). */
    async proposal(workspaceId: string, input: Partial<CreateProposalInput> = {}) {
      const clientId = input.clientId ?? (input.leadId ? null : (await given.client(workspaceId)).id);
      return services.proposals.create({
        workspaceId,
        clientId,
        title: unique('Proposal'),
        amountCents: 250_000,
        currency: 'EUR',
        ...input,
      });
    },

    contract(workspaceId: string, input: Partial<SendContractInput> = {}) {
      return services.contracts.send({ workspaceId, title: unique('Contract'), ...input });
    },

    review(workspaceId: string, input: Partial<CreateReviewInput> = {}) {
      return services.reviews.create({ workspaceId, rating: 5, body: 'Wonderful photos.', ...input });
    },

    /** A new pending print order (order.created). */
    pendingOrder(workspaceId: string, input: Partial<CreateOrderInput> = {}) {
      return services.orders.create({ workspaceId, number: unique('PO'), totalCents: 4_900, currency: 'EUR', ...input });
    },
  };
  return given;
}
