/** Bookings, proposals, contracts, invoices, reviews, print orders and a manual scheduler round. */
import { cents, positiveInt, type Command } from './args.js';

export const SALES_COMMANDS: Record<string, Command> = {
  'booking request': {
    usage: 'booking request --workspace W (--client C | --lead L) --title T --scheduled-start ISO [--scheduled-end ISO] [--location L] [--notes T]',
    options: ['workspace', 'client', 'lead', 'title', 'scheduled-start', 'scheduled-end', 'location', 'notes'],
    required: ['workspace', 'title', 'scheduled-start'],
    run: async ({ services }, o) => ({
      booking: await services.bookings.request({
        workspaceId: o.workspace!,
        clientId: o.client,
        leadId: o.lead,
        title: o.title!,
        scheduledStart: o['scheduled-start']!,
        scheduledEnd: o['scheduled-end'],
        location: o.location,
        notes: o.notes,
      }),
    }),
  },
  'booking accept': {
    usage: 'booking accept --workspace W --booking B',
    options: ['workspace', 'booking'],
    required: ['workspace', 'booking'],
    run: async ({ services }, o) => ({ booking: await services.bookings.accept(o.workspace!, o.booking!) }),
  },
  'booking decline': {
    usage: 'booking decline --workspace W --booking B [--reason R]',
    options: ['workspace', 'booking', 'reason'],
    required: ['workspace', 'booking'],
    run: async ({ services }, o) => ({ booking: await services.bookings.decline(o.workspace!, o.booking!, o.reason) }),
  },
  'proposal create': {
    usage: 'proposal create --workspace W (--client C | --lead L) --title T --amount-cents N --currency EUR [--expires-at ISO]',
    options: ['workspace', 'client', 'lead', 'title', 'amount-cents', 'currency', 'expires-at'],
    required: ['workspace', 'title', 'amount-cents', 'currency'],
    run: async ({ services }, o) => ({
      proposal: await services.proposals.create({
        workspaceId: o.workspace!,
        clientId: o.client,
        leadId: o.lead,
        title: o.title!,
        amountCents: cents('amount-cents', o['amount-cents']),
        currency: o.currency!,
        expiresAt: o['expires-at'],
      }),
    }),
  },
  'proposal send': {
    usage: 'proposal send --workspace W --proposal P [--expires-at ISO]',
    options: ['workspace', 'proposal', 'expires-at'],
    required: ['workspace', 'proposal'],
    run: async ({ services }, o) => ({ proposal: await services.proposals.send(o.workspace!, o.proposal!, o['expires-at']) }),
  },
  'proposal view': {
    usage: 'proposal view --workspace W --proposal P',
    options: ['workspace', 'proposal'],
    required: ['workspace', 'proposal'],
    run: async ({ services }, o) => ({ proposal: await services.proposals.view(o.workspace!, o.proposal!) }),
  },
  'proposal accept': {
    usage: 'proposal accept --workspace W --proposal P',
    options: ['workspace', 'proposal'],
    required: ['workspace', 'proposal'],
    run: async ({ services }, o) => ({ proposal: await services.proposals.accept(o.workspace!, o.proposal!) }),
  },
  'proposal decline': {
    usage: 'proposal decline --workspace W --proposal P [--reason R]',
    options: ['workspace', 'proposal', 'reason'],
    required: ['workspace', 'proposal'],
    run: async ({ services }, o) => ({ proposal: await services.proposals.decline(o.workspace!, o.proposal!, o.reason) }),
  },
  'contract send': {
    usage: 'contract send --workspace W --title T [--client C] [--proposal P]',
    options: ['workspace', 'title', 'client', 'proposal'],
    required: ['workspace', 'title'],
    run: async ({ services }, o) => ({
      contract: await services.contracts.send({ workspaceId: o.workspace!, title: o.title!, clientId: o.client, proposalId: o.proposal }),
    }),
  },
  'contract sign': {
    usage: 'contract sign --workspace W --contract K [--signed-by NAME]',
    options: ['workspace', 'contract', 'signed-by'],
    required: ['workspace', 'contract'],
    run: async ({ services }, o) => ({ contract: await services.contracts.sign(o.workspace!, o.contract!, o['signed-by']) }),
  },
  'invoice issue': {
    usage: 'invoice issue --workspace W --number N --amount-cents N --currency EUR [--client C] [--due-at ISO] [--status draft|sent]',
    options: ['workspace', 'number', 'amount-cents', 'currency', 'client', 'due-at', 'status'],
    required: ['workspace', 'number', 'amount-cents', 'currency'],
    run: async ({ services }, o) => ({
      invoice: await services.invoices.issue({
        workspaceId: o.workspace!,
        number: o.number!,
        amountCents: cents('amount-cents', o['amount-cents']),
        currency: o.currency!,
        clientId: o.client,
        dueAt: o['due-at'],
        status: o.status,
      }),
    }),
  },
  'invoice pay': {
    usage: 'invoice pay --workspace W --invoice I',
    options: ['workspace', 'invoice'],
    required: ['workspace', 'invoice'],
    run: async ({ services }, o) => ({ invoice: await services.invoices.pay(o.workspace!, o.invoice!) }),
  },
  'review create': {
    usage: 'review create --workspace W --rating 1..5 --body TEXT [--client C] [--shoot S] [--author NAME]',
    options: ['workspace', 'rating', 'body', 'client', 'shoot', 'author'],
    required: ['workspace', 'rating', 'body'],
    run: async ({ services }, o) => ({
      review: await services.reviews.create({
        workspaceId: o.workspace!,
        rating: positiveInt('rating', o.rating)!,
        body: o.body!,
        clientId: o.client,
        shootId: o.shoot,
        authorName: o.author,
      }),
    }),
  },
  'review approve': {
    usage: 'review approve --workspace W --review R',
    options: ['workspace', 'review'],
    required: ['workspace', 'review'],
    run: async ({ services }, o) => ({ review: await services.reviews.approve(o.workspace!, o.review!) }),
  },
  'order create': {
    usage: 'order create --workspace W --number N --total-cents N --currency EUR [--client C]',
    options: ['workspace', 'number', 'total-cents', 'currency', 'client'],
    required: ['workspace', 'number', 'total-cents', 'currency'],
    run: async ({ services }, o) => ({
      order: await services.orders.create({
        workspaceId: o.workspace!,
        number: o.number!,
        totalCents: cents('total-cents', o['total-cents']),
        currency: o.currency!,
        clientId: o.client,
      }),
    }),
  },
  'order transition': {
    usage: 'order transition --workspace W --order O --to STATUS [--tracking-number T] [--reason R]',
    options: ['workspace', 'order', 'to', 'tracking-number', 'reason'],
    required: ['workspace', 'order', 'to'],
    run: async ({ services }, o) => ({
      order: await services.orders.transition({
        workspaceId: o.workspace!,
        orderId: o.order!,
        to: o.to!,
        trackingNumber: o['tracking-number'],
        reason: o.reason,
      }),
    }),
  },
  'scheduler run': {
    usage: 'scheduler run',
    options: [],
    required: [],
    run: async ({ services }) => {
      const { startScheduler } = await import('../events/scheduler.js');
      const { createLogger } = await import('@studio/logger');
      const scheduler = startScheduler({ services, logger: createLogger({ service: 'studio-admin', level: 'silent' }), intervalMs: 0 });
      const round = await scheduler.runOnce();
      await scheduler.stop();
      return { shoots_completed: round.shootsCompleted, proposals_expired: round.proposalsExpired };
    },
  },
};
