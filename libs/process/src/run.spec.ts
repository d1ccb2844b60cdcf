import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FIXTURE = path.join(import.meta.dirname, 'run.fixture.ts');

/** Runs the fixture; once it logged `waitFor`, sends SIGTERM. Resolves to the exit code and the log messages (sorted: pino's writes to a pipe may land out of order). */
function run(mode: string, waitFor?: string): Promise<{ code: number | null; msgs: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE, mode], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (waitFor && out.includes(`"msg":"${waitFor}"`)) child.kill('SIGTERM');
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      resolve({
        code,
        msgs: out
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((l) => (JSON.parse(l) as { msg: string }).msg)
          .sort(),
      }),
    );
  });
}

describe('runProcess', () => {
  it('logs once started and exits 0 after a graceful stop on SIGTERM', async () => {
    expect(await run('ok', 'fixture listening')).toEqual({
      code: 0,
      msgs: ['fixture listening', 'fixture shutting down', 'fixture stopped'].sort(),
    });
  });

  it('exits 1 when start fails', async () => {
    expect(await run('fail-start')).toEqual({ code: 1, msgs: ['fixture failed to start'] });
  });

  it('exits 1 when stopping outlasts grace plus margin', async () => {
    expect(await run('hang-stop', 'fixture listening')).toEqual({
      code: 1,
      msgs: ['fixture listening', 'fixture shutting down', 'shutdown took too long; exiting'].sort(),
    });
  });
}, 30_000);
