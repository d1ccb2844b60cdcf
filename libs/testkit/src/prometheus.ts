/** Reads Prometheus text exposition (what /metrics answers) for assertions that do not depend on label order. */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE_RE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL_RE = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseSamples(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = LINE_RE.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(LABEL_RE)) labels[l[1]!] = l[2]!.replace(/\\(.)/g, '$1');
    out.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return out;
}

/** Samples named `name` whose labels include every pair of `labels`. */
export function findSamples(text: string, name: string, labels: Record<string, string> = {}): Sample[] {
  return parseSamples(text).filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
}

/** The sum of the matching samples' values (0 when none match). */
export function sampleSum(text: string, name: string, labels: Record<string, string> = {}): number {
  return findSamples(text, name, labels).reduce((sum, s) => sum + s.value, 0);
}

/** Metric families declared in the text (`# TYPE <name> ...`). */
export function metricNames(text: string): Set<string> {
  return new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!));
}
