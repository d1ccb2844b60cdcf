/**
 * The served OpenAPI document lints clean with the tools API callers use (issue 16, item 3): Redocly's `recommended`
 * rules and Spectral's `spectral:oas` ruleset report 0 errors and 0 warnings on GET /api/v1/openapi.json as the
 * black-box stack's gateway serves it. Among those rules: every operation has a 4xx, every example (each operation
 * shows a request and a response) is valid against its schema, tags are described, info has contact and license.
 * The linters run as the CLIs callers run, on the exact bytes served; they fetch nothing (telemetry and the update
 * check are off, the document has no remote $ref).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/client.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const CONFIG = path.join(import.meta.dirname, 'contract');
const binOf = (pkg: string, bin: string) => {
  const manifest = require.resolve(`${pkg}/package.json`);
  const bins = (require(manifest) as { bin: Record<string, string> }).bin;
  return path.join(path.dirname(manifest), bins[bin]!);
};
const QUIET_ENV = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

/** A CLI's stdout, whatever its exit code (both exit non-zero when they find problems). */
async function cli(args: string[]): Promise<string> {
  try {
    return (await run(process.execPath, args, { env: QUIET_ENV, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (err) {
    const out = (err as { stdout?: string }).stdout;
    if (out) return out;
    throw err;
  }
}

describe('the served OpenAPI document lints clean', () => {
  let dir: string;
  let file: string;
  beforeAll(async () => {
    const res = await api('GET', '/openapi.json');
    expect(res.status).toBe(200);
    dir = mkdtempSync(path.join(tmpdir(), 'studio-contract-'));
    file = path.join(dir, 'openapi.json');
    writeFileSync(file, res.text);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('Redocly (recommended): 0 errors, 0 warnings', async () => {
    const out = await cli([
      binOf('@redocly/cli', 'redocly'),
      'lint',
      file,
      '--config',
      path.join(CONFIG, 'redocly.yaml'),
      '--format',
      'json',
    ]);
    const report = JSON.parse(out) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 120_000);

  it('Spectral (spectral:oas): 0 errors, 0 warnings', async () => {
    const out = await cli([
      binOf('@stoplight/spectral-cli', 'spectral'),
      'lint',
      file,
      '--ruleset',
      path.join(CONFIG, 'spectral.yaml'),
      '--format',
      'json',
      '--quiet',
      '--fail-severity',
      'hint',
    ]);
    const results = JSON.parse(out || '[]') as { code: string; message: string; path: string[]; severity: number }[];
    expect(results.map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`)).toEqual([]);
  }, 120_000);
});
