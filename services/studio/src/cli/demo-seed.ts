/**
 * `seed-demo`: a demo profile (demo@studio.local) owning a "Demo Studio" workspace, created once with a few
 * shoots (with shot lists), clients, paid orders, invoices and open tasks so every list and the dashboard show
 * data. Later runs reuse them. Every run mints a new owner token. All writes go through the services.
 */
import { AppError } from '@studio/errors';
import type { Services } from '../services/index.js';

export const DEMO_EMAIL = 'demo@studio.local';
export const DEMO_WORKSPACE = 'Demo Studio';

const DAY = 24 * 60 * 60 * 1000;

export interface DemoSeed {
  workspace_id: string;
  profile_id: string;
  token: string;
}

async function demoProfile(services: Services) {
  const existing = await services.profiles.findByEmail(DEMO_EMAIL);
  if (existing) return existing;
  try {
    return await services.profiles.create({ email: DEMO_EMAIL, name: 'Demo Photographer' });
  } catch (err) {
    // Another seed created it meanwhile.
    const again = err instanceof AppError && err.kind === 'conflict' ? await services.profiles.findByEmail(DEMO_EMAIL) : null;
    if (again) return again;
    throw err;
  }
}

async function seedData(services: Services, workspaceId: string, now: Date): Promise<void> {
  const at = (days: number, hour = 10) => {
    const d = new Date(now.getTime() + days * DAY);
    d.setUTCHours(hour, 0, 0, 0);
    return d;
  };
  const jane = await services.clients.create({
    workspaceId,
    name: 'Jane Smith',
    email: 'jane.smith@example.com',
    phone: '+44 20 7946 0018',
  });
  const omar = await services.clients.create({
    workspaceId,
    name: 'Omar Haddad',
    email: 'omar@example.com',
    notes: 'Prefers outdoor light.',
  });
  const acme = await services.clients.create({
    workspaceId,
    name: 'Acme Bakery',
    email: 'hello@acme-bakery.example',
    phone: '+1 555 0100',
  });

  const wedding = await services.shoots.create({
    workspaceId,
    title: 'Smith Wedding',
    clientId: jane.id,
    location: 'Old Mill, Cotswolds',
    scheduledStart: at(5, 13),
    scheduledEnd: at(5, 22),
    shotList: ['Rings', 'Getting ready', 'First look', 'Ceremony', 'First dance', 'Cake cutting'],
  });
  await services.shoots.create({
    workspaceId,
    title: 'Haddad Family Portraits',
    clientId: omar.id,
    location: 'Regent’s Park',
    scheduledStart: at(9, 16),
    scheduledEnd: at(9, 18),
    shotList: ['Whole family', 'Kids together', 'Parents'],
  });
  await services.shoots.create({
    workspaceId,
    title: 'Acme Bakery Menu',
    clientId: acme.id,
    location: 'Acme Bakery, High Street',
    scheduledStart: at(14, 8),
    scheduledEnd: at(14, 12),
    shotList: ['Croissants', 'Sourdough', 'Storefront'],
  });
  const past = await services.shoots.create({
    workspaceId,
    title: 'Spring Mini Sessions',
    location: 'Studio A',
    scheduledStart: at(-20, 9),
    scheduledEnd: at(-20, 17),
    shotList: ['Backdrop set-up', 'Family slots'],
  });
  for (const item of past.shot_list_items) await services.shotLists.setItem(past.id, workspaceId, item.id, true);

  for (const order of [
    { clientId: jane.id, number: 'PO-1001', status: 'paid', totalCents: 12_900, paidAt: at(-2, 11) },
    { clientId: omar.id, number: 'PO-1002', status: 'shipped', totalCents: 4_500, paidAt: at(-12, 15) },
    { clientId: acme.id, number: 'PO-1003', status: 'delivered', totalCents: 23_000, paidAt: at(-40, 9) },
    { clientId: jane.id, number: 'PO-1004', status: 'pending', totalCents: 3_900, paidAt: null },
  ] as const) {
    await services.orders.record({ workspaceId, currency: 'GBP', ...order });
  }

  for (const invoice of [
    { clientId: jane.id, number: 'INV-2001', status: 'paid', amountCents: 180_000, dueAt: at(-10), paidAt: at(-11) },
    { clientId: omar.id, number: 'INV-2002', status: 'sent', amountCents: 45_000, dueAt: at(7), paidAt: null },
    { clientId: acme.id, number: 'INV-2003', status: 'draft', amountCents: 60_000, dueAt: at(21), paidAt: null },
  ] as const) {
    await services.invoices.create({ workspaceId, currency: 'GBP', ...invoice });
  }

  await services.tasks.create({ workspaceId, title: 'Confirm timeline with Jane', dueAt: at(2), shootId: wedding.id });
  await services.tasks.create({ workspaceId, title: 'Charge camera batteries', dueAt: at(4), shootId: wedding.id });
  await services.tasks.create({ workspaceId, title: 'Send Acme a shot-list draft', dueAt: at(10) });
  await services.tasks.create({ workspaceId, title: 'Deliver spring mini-session galleries', dueAt: at(-5), shootId: past.id, done: true });
}

export async function seedDemo(services: Services, now = new Date()): Promise<DemoSeed> {
  const profile = await demoProfile(services);
  let workspace = await services.workspaces.findOwnedByName(profile.id, DEMO_WORKSPACE);
  if (!workspace) {
    workspace = await services.workspaces.create({ name: DEMO_WORKSPACE, ownerId: profile.id });
    await seedData(services, workspace.id, now);
  }
  const { token } = await services.tokens.create({ profileId: profile.id, name: 'demo' });
  return { workspace_id: workspace.id, profile_id: profile.id, token };
}
