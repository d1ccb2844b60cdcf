/**
 * The runtime every process of the stack runs on, seen from outside: each reports Node 24 (the release in
 * .node-version) in `nodejs_version_info` on /metrics (its admin port), and no process log carries the AWS SDK's
 * NodeVersionSupportWarning (printed on Node versions it is dropping).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { adminPortOf } from '../scripts/lib/stack.js';

const ROOT = path.resolve(import.meta.dirname, '..');

const PROCESSES = ['gateway', 'studio', 'upload', 'upload-worker', 'gallery', 'search', 'webhooks', 'webhooks-worker'] as const;

describe('runtime', () => {
  const ports = inject('ports');
  const processes: Record<string, number> = Object.fromEntries(PROCESSES.map((name) => [name, adminPortOf(ports, name)]));
  const pinned = readFileSync(path.join(ROOT, '.node-version'), 'utf8').trim();

  it.each(Object.entries(processes))('%s runs on the pinned Node 24', async (_name, port) => {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    const metrics = await res.text();
    const line = metrics.split('\n').find((l) => l.startsWith('nodejs_version_info{'));
    expect(line).toBeDefined();
    expect(line).toContain('major="24"');
    expect(line).toContain(`version="v${pinned}"`);
  });

  it('no process log carries NodeVersionSupportWarning', () => {
    const dir = inject('logDir');
    const logs = readdirSync(dir).filter((f) => f.endsWith('.log'));
    expect(logs.length).toBeGreaterThanOrEqual(Object.keys(processes).length);
    for (const file of logs) expect(readFileSync(path.join(dir, file), 'utf8'), file).not.toContain('NodeVersionSupportWarning');
  });
});
