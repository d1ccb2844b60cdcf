/**
 * Bookings, proposals, contracts, invoices, reviews, print orders (their options parsed with the operations' schemas,
 * services/*.schema.ts) and a manual scheduler round.
 */
import { bookingRef, declineBookingInput, requestBookingInput } from '../services/booking.schema.js';
import { sendContractInput, signContractInput } from '../services/contract.schema.js';
import { invoiceRef, issueInvoiceInput } from '../services/invoice.schema.js';
import { createOrderInput, transitionOrderInput } from '../services/order.schema.js';
import { createProposalInput, declineProposalInput, proposalRef, sendProposalInput } from '../services/proposal.schema.js';
import { createReviewInput, reviewRef } from '../services/review.schema.js';
import { command, operationCommand, refCommand, type Command } from './args.js';

const BOOKING = ['workspace_id', 'booking_id'] as const;
const PROPOSAL = ['workspace_id', 'proposal_id'] as const;

export const SALES_COMMANDS: Record<string, Command> = {
  'booking request': operationCommand({
    usage:
      'booking request --workspace W (--client C | --lead L) --title T --scheduled-start ISO [--scheduled-end ISO] [--location L] [--notes T]',
    schema: requestBookingInput,
    members: ['workspace_id', 'client_id', 'lead_id', 'title', 'scheduled_start', 'scheduled_end', 'location', 'notes'],
    run: async (services, input) => ({ booking: await services.bookings.request(input) }),
  }),
  'booking accept': refCommand('booking accept --workspace W --booking B', bookingRef, 'booking', async (services, ref) => ({
    booking: await services.bookings.accept(ref.workspaceId, ref.bookingId),
  })),
  'booking decline': operationCommand({
    usage: 'booking decline --workspace W --booking B [--reason R]',
    schema: declineBookingInput,
    members: [...BOOKING, 'reason'],
    run: async (services, input) => ({ booking: await services.bookings.decline(input.workspaceId, input.bookingId, input.reason) }),
  }),
  'proposal create': operationCommand({
    usage: 'proposal create --workspace W (--client C | --lead L) --title T --amount-cents N --currency EUR [--expires-at ISO]',
    schema: createProposalInput,
    members: ['workspace_id', 'client_id', 'lead_id', 'title', 'amount_cents', 'currency', 'expires_at'],
    numbers: ['amount-cents'],
    run: async (services, input) => ({ proposal: await services.proposals.create(input) }),
  }),
  'proposal send': operationCommand({
    usage: 'proposal send --workspace W --proposal P [--expires-at ISO]',
    schema: sendProposalInput,
    members: [...PROPOSAL, 'expires_at'],
    run: async (services, input) => ({ proposal: await services.proposals.send(input.workspaceId, input.proposalId, input.expiresAt) }),
  }),
  'proposal view': refCommand('proposal view --workspace W --proposal P', proposalRef, 'proposal', async (services, ref) => ({
    proposal: await services.proposals.view(ref.workspaceId, ref.proposalId),
  })),
  'proposal accept': refCommand('proposal accept --workspace W --proposal P', proposalRef, 'proposal', async (services, ref) => ({
    proposal: await services.proposals.accept(ref.workspaceId, ref.proposalId),
  })),
  'proposal decline': operationCommand({
    usage: 'proposal decline --workspace W --proposal P [--reason R]',
    schema: declineProposalInput,
    members: [...PROPOSAL, 'reason'],
    run: async (services, input) => ({ proposal: await services.proposals.decline(input.workspaceId, input.proposalId, input.reason) }),
  }),
  'contract send': operationCommand({
    usage: 'contract send --workspace W --title T [--client C] [--proposal P]',
    schema: sendContractInput,
    members: ['workspace_id', 'title', 'client_id', 'proposal_id'],
    run: async (services, input) => ({ contract: await services.contracts.send(input) }),
  }),
  'contract sign': operationCommand({
    usage: 'contract sign --workspace W --contract K [--signed-by NAME]',
    schema: signContractInput,
    members: ['workspace_id', 'contract_id', 'signed_by'],
    run: async (services, input) => ({ contract: await services.contracts.sign(input.workspaceId, input.contractId, input.signedBy) }),
  }),
  'invoice issue': operationCommand({
    usage: 'invoice issue --workspace W --number N --amount-cents N --currency EUR [--client C] [--due-at ISO] [--status draft|sent]',
    schema: issueInvoiceInput,
    members: ['workspace_id', 'number', 'amount_cents', 'currency', 'client_id', 'due_at', 'status'],
    numbers: ['amount-cents'],
    run: async (services, input) => ({ invoice: await services.invoices.issue(input) }),
  }),
  'invoice pay': refCommand('invoice pay --workspace W --invoice I', invoiceRef, 'invoice', async (services, ref) => ({
    invoice: await services.invoices.pay(ref.workspaceId, ref.invoiceId),
  })),
  'review create': operationCommand({
    usage: 'review create --workspace W --rating 1..5 --body TEXT [--client C] [--shoot S] [--author NAME]',
    schema: createReviewInput,
    members: ['workspace_id', 'rating', 'body', 'client_id', 'shoot_id', ['author', 'author_name']],
    numbers: ['rating'],
    run: async (services, input) => ({ review: await services.reviews.create(input) }),
  }),
  'review approve': refCommand('review approve --workspace W --review R', reviewRef, 'review', async (services, ref) => ({
    review: await services.reviews.approve(ref.workspaceId, ref.reviewId),
  })),
  'order create': operationCommand({
    usage: 'order create --workspace W --number N --total-cents N --currency EUR [--client C]',
    schema: createOrderInput,
    members: ['workspace_id', 'number', 'total_cents', 'currency', 'client_id'],
    numbers: ['total-cents'],
    run: async (services, input) => ({ order: await services.orders.create(input) }),
  }),
  'order transition': operationCommand({
    usage: 'order transition --workspace W --order O --to STATUS [--tracking-number T] [--reason R]',
    schema: transitionOrderInput,
    members: ['workspace_id', 'order_id', 'to', 'tracking_number', 'reason'],
    run: async (services, input) => ({ order: await services.orders.transition(input) }),
  }),
  'scheduler run': command('scheduler run', async ({ services }) => {
    const { startScheduler } = await import('../loops/scheduler.loop.js');
    const { createLogger } = await import('@studio/logger');
    const scheduler = startScheduler({ services, logger: createLogger({ service: 'studio-admin', level: 'silent' }), intervalMs: 0 });
    const round = await scheduler.runOnce();
    await scheduler.stop();
    return {
      shoots_completed: round.shootsCompleted,
      proposals_expired: round.proposalsExpired,
      account_rows_pruned: round.accountRowsPruned,
    };
  }),
};
