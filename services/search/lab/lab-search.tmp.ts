import { readFileSync } from 'node:fs';
import { createCursorCodec } from '@studio/cursor';
import { createDb } from '../src/store/prisma.js';
import { SearchStore } from '../src/store/search.store.js';
import { SearchService, type TierTrace } from '../src/services/search.service.js';

const corpus = JSON.parse(readFileSync('/tmp/lab-corpus.json', 'utf8'));
const W = process.env.W ?? corpus.largeWorkspaceId;
const db = createDb({ databaseUrl: process.env.DB ?? 'postgresql://postgres@127.0.0.1:5432/search_lab', poolSize: 4, statementTimeoutMs: 10000 });
const store = new SearchStore(db);
const timings: string[] = [];
for (const m of ['prefixWords', 'similarWords'] as const) {
  const orig = (store as any)[m].bind(store);
  (store as any)[m] = async (...a: unknown[]) => { const t = performance.now(); const r = await orig(...a); timings.push(`${m} ${(performance.now() - t).toFixed(1)}ms`); return r; };
}
const svc = new SearchService(store, createCursorCodec('x'.repeat(40)));
svc.workspaceSize(W);
await new Promise((r) => setTimeout(r, 500));
const queries = process.argv.slice(2);
for (let round = 0; round < 2; round++) {
  for (const q of queries) {
    const trace: TierTrace[] = [];
    timings.length = 0;
    const t = performance.now();
    const page = await svc.search({ workspaceId: W, q, types: null, limit: 20 }, trace);
    const ms = performance.now() - t;
    if (round === 1) {
      console.log(`${q.padEnd(20)} ${ms.toFixed(1)}ms items=${page.items.length} next=${page.nextCursor ? 'y' : 'n'} first=${page.items[0]?.title ?? ''} [${page.items[0]?.rank}] | ${page.items[0]?.snippet?.text.slice(0, 50) ?? ''}`);
      console.log('   ' + trace.map((x) => `t${x.tier}:${x.strategy}=${x.rows} ${x.ms.toFixed(1)}ms`).join('  ') + ' | ' + timings.join(', '));
    }
  }
}
await db.$disconnect();
