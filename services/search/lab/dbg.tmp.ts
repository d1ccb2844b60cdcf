import { readFileSync } from 'node:fs';
import { createCursorCodec } from '@studio/cursor';
import { createDb } from '../src/store/prisma.js';
import { SearchStore } from '../src/store/search.store.js';
import { SearchService } from '../src/services/search.service.js';
import { parseQuery, resolveTerm, fuzzyTiers } from '../src/services/query-parser.js';
const corpus = JSON.parse(readFileSync('/tmp/lab-corpus.json', 'utf8'));
const W = corpus.largeWorkspaceId;
const db = createDb({ databaseUrl: 'postgresql://postgres@127.0.0.1:5432/search_lab', poolSize: 2, statementTimeoutMs: 10000 });
const store = new SearchStore(db);
const svc = new SearchService(store, createCursorCodec('x'.repeat(40)));
const { terms } = parseQuery(process.argv[2]!);
const corr = await svc.corrections(W, terms);
console.log(corr);
const ext = await store.prefixWords(W, terms.map((t) => t.lexeme), 52);
const resolved = terms.map((t) => resolveTerm(t, { words: ext.filter((e) => e.term === t.lexeme).map((e) => e.word) }, corr.get(t.lexeme)?.words ?? []));
console.log(JSON.stringify(resolved, null, 1));
for (const p of fuzzyTiers(resolved)) {
  const q = { workspaceId: W, plan: p, types: null, after: null, limit: 21 };
  console.log(p.tier, (await store.explain(store.matchSql(q))).split('\n').filter((l) => /Cond|Filter|rows=|Execution/.test(l)).join('\n'));
}
await db.$disconnect();
