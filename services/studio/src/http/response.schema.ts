/**
 * Answers of studio's routes (docs/decisions/0001), for the OpenAPI document. The serializers in
 * services/serializers.ts produce them; openapi.spec.ts checks at compile time that each serializer's type is
 * exactly the output type of its schema here, and the black-box test checks real answers against them.
 */
import { z } from 'zod';
import { isoTimestamp, listResponse, okResponse } from '@studio/http';
import { ROLES } from '@studio/identity';

const id = () => z.uuid();
const roleSchema = z.enum(ROLES);

export const workspaceSchema = z
  .object({
    id: id(),
    name: z.string(),
    role: roleSchema.describe("The caller's role in the workspace."),
    created_at: isoTimestamp(),
  })
  .meta({ id: 'Workspace' });

export const whoamiResponse = okResponse({
  profile: z.object({ id: id(), email: z.string(), name: z.string().nullable() }),
  token: z.object({
    id: id(),
    prefix: z.string().describe('The public prefix of the token (12 hex characters).'),
    name: z.string().nullable(),
    scope_workspace_id: id().nullable().describe('The one workspace the token is scoped to, or null.'),
    rate_limit: z.number().int().nullable().describe('Requests per 60 s, or null for the default.'),
  }),
  workspaces: z.array(z.object({ id: id(), name: z.string(), role: roleSchema })).describe('The workspaces the token reaches.'),
});

export const shotListItemSchema = z
  .object({ id: id(), label: z.string(), position: z.number().int(), done: z.boolean(), done_at: isoTimestamp().nullable() })
  .meta({ id: 'ShotListItem' });

const shootShape = {
  id: id(),
  workspace_id: id(),
  title: z.string(),
  slug: z.string().describe('Unique inside the workspace.'),
  state: z.enum(['planned', 'completed', 'cancelled']),
  client_id: id().nullable(),
  location: z.string().nullable(),
  scheduled_start: isoTimestamp().nullable(),
  scheduled_end: isoTimestamp().nullable(),
  completed_at: isoTimestamp().nullable(),
  created_at: isoTimestamp(),
  updated_at: isoTimestamp(),
  shot_list: z.object({ total: z.number().int(), done: z.number().int() }),
};

/** A shoot in lists and on the dashboard. */
export const shootSchema = z.object(shootShape).meta({ id: 'Shoot' });
/** A single shoot (create, read, shot-list update): the list shape plus its ordered shot-list items. */
export const shootDetailSchema = z.object({ ...shootShape, shot_list_items: z.array(shotListItemSchema) }).meta({ id: 'ShootDetail' });

export const clientSchema = z
  .object({
    id: id(),
    workspace_id: id(),
    name: z.string(),
    email: z.string().nullable().describe('Lower-cased.'),
    phone: z.string().nullable(),
    notes: z.string().nullable(),
    created_at: isoTimestamp(),
  })
  .meta({ id: 'Client' });

export const orderSchema = z
  .object({
    id: id(),
    workspace_id: id(),
    client_id: id().nullable(),
    number: z.string(),
    status: z.enum(['pending', 'paid', 'sent_to_print', 'shipped', 'delivered', 'cancelled', 'refunded', 'needs_intervention']),
    total_cents: z.number().int(),
    currency: z.string().describe('ISO 4217 code.'),
    paid_at: isoTimestamp().nullable(),
    created_at: isoTimestamp(),
  })
  .meta({ id: 'Order' });

export const invoiceSchema = z
  .object({
    id: id(),
    workspace_id: id(),
    client_id: id().nullable(),
    number: z.string(),
    status: z.enum(['draft', 'sent', 'paid', 'void']),
    amount_cents: z.number().int(),
    currency: z.string().describe('ISO 4217 code.'),
    due_at: isoTimestamp().nullable(),
    paid_at: isoTimestamp().nullable(),
    created_at: isoTimestamp(),
  })
  .meta({ id: 'Invoice' });

export const taskSchema = z
  .object({
    id: id(),
    workspace_id: id(),
    title: z.string(),
    status: z.enum(['open', 'done']),
    due_at: isoTimestamp().nullable(),
    shoot_id: id().nullable(),
    created_at: isoTimestamp(),
    completed_at: isoTimestamp().nullable(),
  })
  .meta({ id: 'Task' });

export const dashboardSchema = z
  .object({
    upcoming_shoots: z.array(shootSchema).describe('Planned shoots starting from now, soonest first (at most 5).'),
    open_tasks: z.array(taskSchema).describe('Open tasks, soonest due first (at most 10).'),
    recent_orders: z.array(orderSchema).describe('Most recently paid orders (at most 5).'),
    counts: z.object({
      upcoming_shoots: z.number().int(),
      open_tasks: z.number().int(),
      clients: z.number().int(),
      paid_orders_30d: z.number().int(),
    }),
    generated_at: isoTimestamp(),
  })
  .meta({ id: 'Dashboard' });

export const listWorkspacesResponse = listResponse(workspaceSchema);
export const listShootsResponse = listResponse(shootSchema);
export const shootResponse = okResponse({ shoot: shootDetailSchema });
export const listClientsResponse = listResponse(clientSchema);
export const clientResponse = okResponse({ client: clientSchema });
export const listOrdersResponse = listResponse(orderSchema);
export const listInvoicesResponse = listResponse(invoiceSchema);
export const listTasksResponse = listResponse(taskSchema);
export const dashboardResponse = okResponse({ dashboard: dashboardSchema });
