/**
 * Writes a baseline for bench/side-by-side.ts from the results files of runs made at the commit a piece of work
 * started from (a clone checked out there, `npm run bench` run in it, its bench/results/bench-*.json copied here):
 *
 *   node --import tsx bench/make-baseline.ts --out bench/baselines/issue-30-before.json --issue 30 --goal 5 \
 *     --commit 32f03e0 --command 'npm run bench' --conditions 'what else ran, the load' results-1.json [results-2.json]
 *
 * The baseline keeps every figure all the runs have (baselineFigures), with each run's value, so the side-by-side's
 * noise band can widen to the baseline's own spread.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type RunResults, baselineFigures } from './side-by-side.js';

const args = process.argv.slice(2);
const options = new Map<string, string>();
const files: string[] = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  if (a.startsWith('--')) options.set(a.slice(2), args[++i] ?? '');
  else files.push(a);
}
const missing = ['out', 'issue', 'goal', 'commit', 'command', 'conditions'].filter((k) => !options.get(k));
if (missing.length > 0 || files.length === 0) {
  console.error(`make-baseline: needs --${missing.join(', --') || '...'} and at least one results file (see the header)`);
  process.exit(2);
}
const commit = options.get('commit')!;
const runs = files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as RunResults & { at?: string; machine?: { cpus?: number } });
const figures = baselineFigures(runs);
if (figures.length === 0) {
  console.error('make-baseline: the results files share no figure');
  process.exit(1);
}
let subject = '';
try {
  subject = execFileSync('git', ['log', '-1', '--format=%s', commit], { encoding: 'utf8' }).trim();
} catch {
  // A commit this clone does not have: the subject is left out.
}
const baseline = {
  issue: Number(options.get('issue')),
  goal: Number(options.get('goal')),
  what: `The figures of \`${options.get('command')}\` at the commit issue ${options.get('issue')} started from. bench/side-by-side.ts compares a run's figures with these.`,
  commit,
  commit_subject: subject,
  date: (runs[0]!.at ?? new Date().toISOString()).slice(0, 10),
  command: options.get('command'),
  conditions: options.get('conditions'),
  runs: runs.map((r, i) => ({ at: r.at ?? null, cpus: r.machine?.cpus ?? null, results_file: path.basename(files[i]!) })),
  figures,
};
writeFileSync(options.get('out')!, `${JSON.stringify(baseline, null, 2)}\n`);
// In the repository's own format (npm run lint checks JSON too); biome formats files inside the repository only.
try {
  execFileSync(path.join(import.meta.dirname, '../node_modules/.bin/biome'), ['format', '--write', options.get('out')!], {
    stdio: 'ignore',
  });
} catch {
  console.warn(`make-baseline: biome did not format ${options.get('out')}; run npm run lint before committing it`);
}
console.log(`${options.get('out')}: ${figures.length} figures from ${runs.length} run(s) at ${commit}`);
