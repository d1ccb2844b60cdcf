/**
 * Clients, leads and shoots: the operations without a public route, their options parsed with the operations'
 * schemas (services/*.schema.ts). On update commands an absent option leaves the member unchanged and an empty value
 * ('') clears it.
 */
import { clientRef, updateClientInput } from '../services/client.schema.js';
import { createLeadInput, leadRef, updateLeadInput } from '../services/lead.schema.js';
import { shootRef, updateShootInput } from '../services/shoot.schema.js';
import { operationCommand, refCommand, type Command } from './args.js';

const LEAD_MEMBERS = ['name', 'email', 'phone', 'source', 'notes', 'client_id'] as const;

export const CRM_COMMANDS: Record<string, Command> = {
  'client update': operationCommand({
    usage: 'client update --workspace W --client C [--name N] [--email E] [--phone P] [--notes T]',
    schema: updateClientInput,
    members: ['workspace_id', 'client_id', 'name', 'email', 'phone', 'notes'],
    clearable: ['email', 'phone', 'notes'],
    run: async (services, input) => ({ client: await services.clients.update(input) }),
  }),
  'client delete': refCommand('client delete --workspace W --client C', clientRef, 'client', (services, ref) =>
    services.clients.delete(ref.workspaceId, ref.clientId),
  ),
  'lead create': operationCommand({
    usage: 'lead create --workspace W --name N [--email E] [--phone P] [--source S] [--notes T] [--client C]',
    schema: createLeadInput,
    members: ['workspace_id', ...LEAD_MEMBERS],
    run: async (services, input) => ({ lead: await services.leads.create(input) }),
  }),
  'lead update': operationCommand({
    usage: 'lead update --workspace W --lead L [--name N] [--email E] [--phone P] [--source S] [--notes T] [--client C]',
    schema: updateLeadInput,
    members: ['workspace_id', 'lead_id', ...LEAD_MEMBERS],
    clearable: ['email', 'phone', 'source', 'notes', 'client'],
    run: async (services, input) => ({ lead: await services.leads.update(input) }),
  }),
  'lead delete': refCommand('lead delete --workspace W --lead L', leadRef, 'lead', (services, ref) =>
    services.leads.delete(ref.workspaceId, ref.leadId),
  ),
  'shoot update': operationCommand({
    usage: 'shoot update --workspace W --shoot S [--title T] [--location L] [--scheduled-start ISO] [--scheduled-end ISO]',
    schema: updateShootInput,
    members: ['workspace_id', 'shoot_id', 'title', 'location', 'scheduled_start', 'scheduled_end'],
    clearable: ['location', 'scheduled-start', 'scheduled-end'],
    run: async (services, input) => ({ shoot: await services.shoots.update(input) }),
  }),
  'shoot delete': refCommand('shoot delete --workspace W --shoot S', shootRef, 'shoot', (services, ref) =>
    services.shoots.delete(ref.workspaceId, ref.shootId),
  ),
};
