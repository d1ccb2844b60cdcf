/**
 * Clients, leads and shoots: the operations without a public route. On update commands an absent option leaves
 * the member unchanged and an empty value ('') clears it.
 */
import type { Command } from './args.js';

export const CRM_COMMANDS: Record<string, Command> = {
  'client update': {
    usage: 'client update --workspace W --client C [--name N] [--email E] [--phone P] [--notes T]',
    options: ['workspace', 'client', 'name', 'email', 'phone', 'notes'],
    required: ['workspace', 'client'],
    clearable: ['email', 'phone', 'notes'],
    run: async ({ services }, o) => ({
      client: await services.clients.update({ workspaceId: o.workspace!, clientId: o.client!, name: o.name, email: o.email, phone: o.phone, notes: o.notes }),
    }),
  },
  'client delete': {
    usage: 'client delete --workspace W --client C',
    options: ['workspace', 'client'],
    required: ['workspace', 'client'],
    run: async ({ services }, o) => services.clients.delete(o.workspace!, o.client!),
  },
  'lead create': {
    usage: 'lead create --workspace W --name N [--email E] [--phone P] [--source S] [--notes T] [--client C]',
    options: ['workspace', 'name', 'email', 'phone', 'source', 'notes', 'client'],
    required: ['workspace', 'name'],
    run: async ({ services }, o) => ({
      lead: await services.leads.create({
        workspaceId: o.workspace!,
        name: o.name!,
        email: o.email,
        phone: o.phone,
        source: o.source,
        notes: o.notes,
        clientId: o.client,
      }),
    }),
  },
  'lead update': {
    usage: 'lead update --workspace W --lead L [--name N] [--email E] [--phone P] [--source S] [--notes T] [--client C]',
    options: ['workspace', 'lead', 'name', 'email', 'phone', 'source', 'notes', 'client'],
    required: ['workspace', 'lead'],
    clearable: ['email', 'phone', 'source', 'notes', 'client'],
    run: async ({ services }, o) => ({
      lead: await services.leads.update({
        workspaceId: o.workspace!,
        leadId: o.lead!,
        name: o.name,
        email: o.email,
        phone: o.phone,
        source: o.source,
        notes: o.notes,
        clientId: o.client,
      }),
    }),
  },
  'lead delete': {
    usage: 'lead delete --workspace W --lead L',
    options: ['workspace', 'lead'],
    required: ['workspace', 'lead'],
    run: async ({ services }, o) => services.leads.delete(o.workspace!, o.lead!),
  },
  'shoot update': {
    usage: 'shoot update --workspace W --shoot S [--title T] [--location L] [--scheduled-start ISO] [--scheduled-end ISO]',
    options: ['workspace', 'shoot', 'title', 'location', 'scheduled-start', 'scheduled-end'],
    required: ['workspace', 'shoot'],
    clearable: ['location', 'scheduled-start', 'scheduled-end'],
    run: async ({ services }, o) => ({
      shoot: await services.shoots.update({
        workspaceId: o.workspace!,
        shootId: o.shoot!,
        title: o.title,
        location: o.location,
        scheduledStart: o['scheduled-start'],
        scheduledEnd: o['scheduled-end'],
      }),
    }),
  },
  'shoot delete': {
    usage: 'shoot delete --workspace W --shoot S',
    options: ['workspace', 'shoot'],
    required: ['workspace', 'shoot'],
    run: async ({ services }, o) => services.shoots.delete(o.workspace!, o.shoot!),
  },
};
