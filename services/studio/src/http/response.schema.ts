/**
 * Answers of studio's routes (docs/decisions/0001), for the OpenAPI document: the records of
 * `@studio/contracts/records` (each written once there, with the serializer the services answer with) in their list
 * and `ok` wrappers, and the two compositions, the dashboard and whoami. openapi.spec.ts checks at compile time that
 * each service's answer is exactly the output type of its schema here, and the black-box test checks real answers
 * against them.
 */
import { z } from 'zod';
import {
  clientRecord,
  invoiceRecord,
  orderRecord,
  profileRecord,
  reachedWorkspaceRecord,
  shootDetailRecord,
  shootRecord,
  taskRecord,
  tokenInfoRecord,
  workspaceRecord,
} from '@studio/contracts/records';
import { isoTimestamp, listResponse, okResponse } from '@studio/http';

export const whoamiResponse = okResponse({
  profile: profileRecord,
  token: tokenInfoRecord,
  workspaces: z.array(reachedWorkspaceRecord).describe('The workspaces the token reaches.'),
});

export const dashboardSchema = z
  .object({
    upcoming_shoots: z.array(shootRecord).describe('Planned shoots starting from now, soonest first (at most 5).'),
    open_tasks: z.array(taskRecord).describe('Open tasks, soonest due first (at most 10).'),
    recent_orders: z.array(orderRecord).describe('Most recently paid orders (at most 5).'),
    counts: z.object({
      upcoming_shoots: z.number().int(),
      open_tasks: z.number().int(),
      clients: z.number().int(),
      paid_orders_30d: z.number().int(),
    }),
    generated_at: isoTimestamp(),
  })
  .meta({ id: 'Dashboard' });

export const listWorkspacesResponse = listResponse(workspaceRecord);
export const listShootsResponse = listResponse(shootRecord);
export const shootResponse = okResponse({ shoot: shootDetailRecord });
export const listClientsResponse = listResponse(clientRecord);
export const clientResponse = okResponse({ client: clientRecord });
export const listOrdersResponse = listResponse(orderRecord);
export const listInvoicesResponse = listResponse(invoiceRecord);
export const listTasksResponse = listResponse(taskRecord);
export const dashboardResponse = okResponse({ dashboard: dashboardSchema });
