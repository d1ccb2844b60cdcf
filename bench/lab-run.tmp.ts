import { writeFileSync } from 'node:fs';
import { loadCorpus } from './search-load.js';
const n = Number(process.argv[2] ?? 10000);
const r = await loadCorpus('postgresql://postgres@127.0.0.1:5432/search_lab', { documents: n, workspaces: 100, largeWorkspace: Math.floor(n / 5) });
writeFileSync('/tmp/lab-corpus.json', JSON.stringify({ ...r, samples: r.samples.slice(0, 50) }));
console.log(r.seconds, r.largeWorkspaceId);
