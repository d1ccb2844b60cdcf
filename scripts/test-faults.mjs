// `npm run test:faults`: the fault matrix under load (issue 28; test/faults/, the vitest project `faults`). It starts
// PostgreSQL, Redis and RabbitMQ of its own and a whole stack on them, injects one fault at a time under a steady
// load, prints the table (also written to .run/faults/report.json), then the summary line `N passed, N failed`.
// Not part of `npm test`: it takes minutes and restarts servers (docs/decisions/0021-fault-matrix.md).
import path from 'node:path';
import { ROOT } from './lib/bootstrap.mjs';
import { runTestProject } from './lib/test-project.mjs';

await runTestProject({
  project: 'faults',
  flag: 'STUDIO_FAULTS',
  after: [`fault matrix report: ${path.join(ROOT, '.run/faults/report.json')}`],
});
