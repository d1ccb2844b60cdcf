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

/** `create` for each item, one after the other (so the records are created in the order listed), as a tuple. */
async function inOrder<T extends readonly unknown[] | [], R>(
  items: T,
  create: (item: T[number]) => Promise<R>,
): Promise<{ -readonly [K in keyof T]: R }> {
  const created: R[] = [];
  for (const item of items) created.push(await create(item));
  return created as { -readonly [K in keyof T]: R };
}

async function seedData(services: Services, workspaceId: string, now: Date): Promise<void> {
  const at = (days: number, hour = 10) => {
    const d = new Date(now.getTime() + days * DAY);
    d.setUTCHours(hour, 0, 0, 0);
    return d;
  };
  const [jane, omar, acme] = await inOrder(
    [
      { name: 'Jane Smith', email: 'jane.smith@example.com', phone: '+44 20 7946 0018' },
      { name: 'Omar Haddad', email: 'omar@example.com', notes: 'Prefers outdoor light.' },
      { name: 'Acme Bakery', email: 'hello@acme-bakery.example', phone: '+1 555 0100' },
    ],
    (client) => services.clients.create({ workspaceId, ...client }),
  );

  // Each shoot takes place `day` days from now, from `from` to `to` o'clock (UTC).
  const [wedding, , , past] = await inOrder(
    [
      {
        title: 'Smith Wedding',
        clientId: jane.id,
        location: 'Old Mill, Cotswolds',
        day: 5,
        from: 13,
        to: 22,
        shotList: ['Rings', 'Getting ready', 'First look', 'Ceremony', 'First dance', 'Cake cutting'],
      },
      {
        title: 'Haddad Family Portraits',
        clientId: omar.id,
        location: 'Regent’s Park',
        day: 9,
        from: 16,
        to: 18,
        shotList: ['Whole family', 'Kids together', 'Parents'],
      },
      {
        title: 'Acme Bakery Menu',
        clientId: acme.id,
        location: 'Acme Bakery, High Street',
        day: 14,
        from: 8,
        to: 12,
        shotList: ['Croissants', 'Sourdough', 'Storefront'],
      },
      { title: 'Spring Mini Sessions', location: 'Studio A', day: -20, from: 9, to: 17, shotList: ['Backdrop set-up', 'Family slots'] },
    ],
    ({ day, from, to, ...shoot }) =>
      services.shoots.create({ workspaceId, ...shoot, scheduledStart: at(day, from), scheduledEnd: at(day, to) }),
  );
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
