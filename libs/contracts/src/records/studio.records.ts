/**
 * The records of the studio service (docs/decisions/0001), each written once: studio's OpenAPI answers are these
 * schemas (http/response.schema.ts only wraps them), the catalog's studio event data extend them, and the serializers
 * below derive from them. Leads, bookings, proposals, contracts and reviews have no public route: their JSON is what
 * internal gRPC (as proto messages), the operator CLI and their events carry, with updated_at, the version consumers
 * compare.
 */
import { z } from 'zod';
import { ROLES } from '@studio/identity';
import { timestamp, uuid } from '../events/event-fields.schema.js';
import { recordSerializer, type RecordJson, type RecordRow, toRecordJson } from './record-json.js';

const int = () => z.number().int();
/** As the inputs take it (three upper-case letters), so answers and event data promise what is stored. */
const currency = () =>
  z
    .string()
    .regex(/^[A-Z]{3}$/)
    .describe('ISO 4217 code.');
const role = () => z.enum(ROLES);

export const ORDER_STATUSES = [
  'pending',
  'paid',
  'sent_to_print',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
  'needs_intervention',
] as const;

// ------------------------------------------------------------------------------------------ who the caller is

export const workspaceRecord = z
  .object({ id: uuid(), name: z.string(), role: role().describe("The caller's role in the workspace."), created_at: timestamp() })
  .meta({ id: 'Workspace' });
export type WorkspaceJson = RecordJson<typeof workspaceRecord>;
/** A workspace as the caller sees it: the row with the caller's role in it. */
export const serializeWorkspace = (row: Omit<RecordRow<typeof workspaceRecord>, 'role'>, callerRole: WorkspaceJson['role']) =>
  toRecordJson(workspaceRecord, { ...row, role: callerRole });

/** A workspace in whoami's list of the workspaces a token reaches. */
export const reachedWorkspaceRecord = workspaceRecord.pick({ id: true, name: true }).extend({ role: role() });
export const serializeReachedWorkspace = (row: Omit<RecordRow<typeof reachedWorkspaceRecord>, 'role'>, callerRole: WorkspaceJson['role']) =>
  toRecordJson(reachedWorkspaceRecord, { ...row, role: callerRole });

export const profileRecord = z.object({ id: uuid(), email: z.string(), name: z.string().nullable() });
export const serializeProfile = recordSerializer(profileRecord);

export const tokenInfoRecord = z.object({
  id: uuid(),
  prefix: z.string().describe('The public prefix of the token (12 characters; hexadecimal for tokens made before checksummed tokens).'),
  name: z.string().nullable(),
  scope_workspace_id: uuid().nullable().describe('The one workspace the token is scoped to, or null.'),
  rate_limit: int().nullable().describe('Requests per 60 s, or null for the default.'),
});
/** A token row names its scope `workspaceId`. */
export const serializeTokenInfo = (row: Omit<RecordRow<typeof tokenInfoRecord>, 'scopeWorkspaceId'> & { workspaceId: string | null }) =>
  toRecordJson(tokenInfoRecord, { ...row, scopeWorkspaceId: row.workspaceId });

// ------------------------------------------------------------------------------------------ shoots

export const shotListItemRecord = z
  .object({ id: uuid(), label: z.string(), position: int(), done: z.boolean(), done_at: timestamp().nullable() })
  .meta({ id: 'ShotListItem' });
export const serializeShotListItem = recordSerializer(shotListItemRecord);

/** A shoot in lists, on the dashboard and in its events. */
export const shootRecord = z
  .object({
    id: uuid(),
    workspace_id: uuid(),
    title: z.string(),
    slug: z.string().describe('Unique inside the workspace.'),
    state: z.enum(['planned', 'completed', 'cancelled']),
    client_id: uuid().nullable(),
    location: z.string().nullable(),
    scheduled_start: timestamp().nullable(),
    scheduled_end: timestamp().nullable(),
    completed_at: timestamp().nullable(),
    created_at: timestamp(),
    updated_at: timestamp(),
    shot_list: z.strictObject({ total: int(), done: int() }),
  })
  .meta({ id: 'Shoot' });
export type ShootJson = RecordJson<typeof shootRecord>;
/** The shoot row has no counts: its shot list's are read beside it. */
export type ShootRecordRow = Omit<RecordRow<typeof shootRecord>, 'shotList'>;
export const serializeShoot = (row: ShootRecordRow, counts: ShootJson['shot_list']) =>
  toRecordJson(shootRecord, { ...row, shotList: counts });

/** A single shoot (create, read, shot-list update): the list shape plus its ordered shot-list items. */
export const shootDetailRecord = shootRecord.extend({ shot_list_items: z.array(shotListItemRecord) }).meta({ id: 'ShootDetail' });
export type ShootDetailJson = RecordJson<typeof shootDetailRecord>;
/** The counts come from the items, given in their order. */
export function serializeShootDetail(row: ShootRecordRow, items: readonly RecordRow<typeof shotListItemRecord>[]): ShootDetailJson {
  const shotList = { total: items.length, done: items.filter((item) => item.done).length };
  return toRecordJson(shootDetailRecord, { ...row, shotList, shotListItems: items.map(serializeShotListItem) });
}

// ------------------------------------------------------------------------------------------ CRM and sales

export const clientRecord = z
  .object({
    id: uuid(),
    workspace_id: uuid(),
    name: z.string(),
    email: z.string().nullable().describe('Lower-cased.'),
    phone: z.string().nullable(),
    notes: z.string().nullable(),
    created_at: timestamp(),
  })
  .meta({ id: 'Client' });
export type ClientJson = RecordJson<typeof clientRecord>;
export const serializeClient = recordSerializer(clientRecord);

export const leadRecord = z.object({
  id: uuid(),
  workspace_id: uuid(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  source: z.string().nullable(),
  notes: z.string().nullable(),
  client_id: uuid().nullable(),
  created_at: timestamp(),
  updated_at: timestamp(),
});
export type LeadJson = RecordJson<typeof leadRecord>;
export const serializeLead = recordSerializer(leadRecord);

export const bookingRecord = z.object({
  id: uuid(),
  workspace_id: uuid(),
  client_id: uuid().nullable(),
  lead_id: uuid().nullable().describe('at least one of client_id and lead_id is set'),
  title: z.string(),
  status: z.enum(['requested', 'accepted', 'declined']),
  scheduled_start: timestamp(),
  scheduled_end: timestamp().nullable(),
  location: z.string().nullable(),
  notes: z.string().nullable(),
  decided_at: timestamp().nullable(),
  decline_reason: z.string().nullable(),
  created_at: timestamp(),
  updated_at: timestamp(),
});
export type BookingJson = RecordJson<typeof bookingRecord>;
export const serializeBooking = recordSerializer(bookingRecord);

export const proposalRecord = z.object({
  id: uuid(),
  workspace_id: uuid(),
  client_id: uuid().nullable(),
  lead_id: uuid().nullable(),
  title: z.string(),
  status: z.enum(['draft', 'sent', 'viewed', 'accepted', 'declined', 'expired']),
  amount_cents: int(),
  currency: currency(),
  expires_at: timestamp().nullable(),
  sent_at: timestamp().nullable(),
  viewed_at: timestamp().nullable(),
  decided_at: timestamp().nullable().describe('accepted, declined, or expired: then = expires_at'),
  decline_reason: z.string().nullable(),
  created_at: timestamp(),
  updated_at: timestamp(),
});
export type ProposalJson = RecordJson<typeof proposalRecord>;
export const serializeProposal = recordSerializer(proposalRecord);

export const contractRecord = z.object({
  id: uuid(),
  workspace_id: uuid(),
  client_id: uuid().nullable(),
  proposal_id: uuid().nullable(),
  title: z.string(),
  status: z.enum(['sent', 'signed']),
  sent_at: timestamp(),
  signed_at: timestamp().nullable(),
  signed_by: z.string().nullable(),
  created_at: timestamp(),
  updated_at: timestamp(),
});
export type ContractJson = RecordJson<typeof contractRecord>;
export const serializeContract = recordSerializer(contractRecord);

export const invoiceRecord = z
  .object({
    id: uuid(),
    workspace_id: uuid(),
    client_id: uuid().nullable(),
    number: z.string(),
    status: z.enum(['draft', 'sent', 'paid', 'void']),
    amount_cents: int(),
    currency: currency(),
    due_at: timestamp().nullable(),
    paid_at: timestamp().nullable(),
    created_at: timestamp(),
  })
  .meta({ id: 'Invoice' });
export type InvoiceJson = RecordJson<typeof invoiceRecord>;
export const serializeInvoice = recordSerializer(invoiceRecord);

export const reviewRecord = z.object({
  id: uuid(),
  workspace_id: uuid(),
  client_id: uuid().nullable(),
  shoot_id: uuid().nullable(),
  rating: int().min(1).max(5),
  body: z.string(),
  author_name: z.string().nullable(),
  status: z.enum(['pending', 'approved']),
  approved_at: timestamp().nullable(),
  created_at: timestamp(),
  updated_at: timestamp(),
});
export type ReviewJson = RecordJson<typeof reviewRecord>;
export const serializeReview = recordSerializer(reviewRecord);

export const orderRecord = z
  .object({
    id: uuid(),
    workspace_id: uuid(),
    client_id: uuid().nullable(),
    number: z.string(),
    status: z.enum(ORDER_STATUSES),
    total_cents: int(),
    currency: currency(),
    paid_at: timestamp().nullable(),
    created_at: timestamp(),
  })
  .meta({ id: 'Order' });
export type OrderJson = RecordJson<typeof orderRecord>;
export const serializeOrder = recordSerializer(orderRecord);

export const taskRecord = z
  .object({
    id: uuid(),
    workspace_id: uuid(),
    title: z.string(),
    status: z.enum(['open', 'done']),
    due_at: timestamp().nullable(),
    shoot_id: uuid().nullable(),
    created_at: timestamp(),
    completed_at: timestamp().nullable(),
  })
  .meta({ id: 'Task' });
export type TaskJson = RecordJson<typeof taskRecord>;
export const serializeTask = recordSerializer(taskRecord);
