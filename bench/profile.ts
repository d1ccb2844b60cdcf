/**
 * `npm run bench -- --profile`: the stack's processes run with V8's sampling profiler (--cpu-prof); after the
 * run each profile is summarised as self time per package and per function, so the note can say what costs
 * the most on a path (issue 2 asks where the gateway spends its time).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The environment that makes a Node process started by the bench write its CPU profile into `dir` when it exits. */
export function profilerEnv(dir: string): Record<string, string> {
  return {
    NODE_OPTIONS: `--import ${path.join(import.meta.dirname, 'cpu-profile.preload.mjs')}`,
    STUDIO_CPU_PROFILE_DIR: dir,
  };
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  file: string;
  packages: { name: string; percent: number }[];
  functions: { name: string; percent: number }[];
}

/** The node:... module, the package under node_modules, or the project folder a frame belongs to. */
function packageOf(url: string, functionName: string): string {
  if (!url) return functionName || '(native)';
  const inModules = url.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const parts = url.slice(inModules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (url.startsWith('node:') || url.startsWith('wasm:')) return url.replace(/^(wasm:\/\/wasm).*/, '$1');
  const rel = url.replace(/^file:\/\//, '').replace(/^.*?\/(libs|services|gateway)\//, '$1/');
  return rel.split('/').slice(0, 3).join('/');
}

export function summariseProfile(file: string, top = 15): ProfileSummary {
  const p = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const timeOf = new Map<number, number>();
  for (const [i, id] of p.samples.entries()) timeOf.set(id, (timeOf.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const n of p.nodes) {
    const t = timeOf.get(n.id) ?? 0;
    if (n.callFrame.functionName === '(idle)') continue;
    total += t;
    const pkg = packageOf(n.callFrame.url, n.callFrame.functionName);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + t);
    const fn = `${n.callFrame.functionName || '(anonymous)'} ${pkg}:${n.callFrame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + t);
  }
  const rank = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, t]) => ({ name, percent: Math.round((t / Math.max(total, 1)) * 1000) / 10 }));
  return { file, packages: rank(byPackage), functions: rank(byFunction) };
}

export function summariseProfiles(dir: string): ProfileSummary[] {
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  } catch {
    return [];
  }
  return files.map((f) => summariseProfile(path.join(dir, f)));
}

export function printProfile(label: string, s: ProfileSummary): void {
  console.log(`\n  CPU profile of ${label} (busy time, idle excluded): by package`);
  for (const p of s.packages) console.log(`    ${String(p.percent).padStart(5)}%  ${p.name}`);
  console.log('  by function (self time)');
  for (const f of s.functions) console.log(`    ${String(f.percent).padStart(5)}%  ${f.name}`);
}
