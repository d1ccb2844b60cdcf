import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LOGGER = path.join(import.meta.dirname, 'index.ts');

/** Runs `body` in a child process with createLogger in scope; returns its standard output lines. */
function child(body: string): string[] {
  const script = `import { createLogger } from ${JSON.stringify(LOGGER)};\n${body}`;
  const res = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  return res.stdout.split('\n').filter(Boolean);
}

describe('createLogger on standard output (one write per event-loop turn)', () => {
  it('loses no line when the process exits right after logging, even with a write in flight', () => {
    const lines = child(`
      const logger = createLogger({ service: 'spec' });
      for (let i = 0; i < 5000; i++) logger.info({ i }, 'line');
      process.exit(3);
    `);
    expect(lines).toHaveLength(5000);
    expect(lines.map((l) => JSON.parse(l).i)).toEqual([...Array(5000).keys()]);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'info', service: 'spec', msg: 'line' });
  });

  it('writes a line at rest without waiting for more (nothing sits in a buffer)', () => {
    const lines = child(`
      const logger = createLogger({ service: 'spec' });
      logger.info('first');
      // Kept alive but idle: the line must already be out before the process is killed.
      setTimeout(() => process.kill(process.pid, 'SIGKILL'), 300);
      setInterval(() => {}, 1000);
    `);
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual(['first']);
  });

  it('loses no line when the process dies of an uncaught exception right after logging', () => {
    const lines = child(`
      const logger = createLogger({ service: 'spec' });
      for (let i = 0; i < 100; i++) logger.info({ i }, 'line');
      throw new Error('boom');
    `);
    expect(lines.map((l) => JSON.parse(l).i)).toEqual([...Array(100).keys()]);
  });

  it('loses and reorders nothing when a slow reader fills a non-blocking pipe', async () => {
    // process.stdout makes fd 1 non-blocking; 40,000 lines of ~300 bytes are far more than a pipe holds.
    const script = `import { createLogger } from ${JSON.stringify(LOGGER)};
      void process.stdout;
      const logger = createLogger({ service: 'spec' });
      const pad = 'p'.repeat(240);
      let i = 0;
      const tick = () => { for (const end = i + 2000; i < end; i++) logger.info({ i, pad }, 'line'); if (i < 40000) setImmediate(tick); };
      tick();`;
    const proc = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    proc.stdout.pause();
    // The reader stays away for a while, then reads everything.
    await new Promise((r) => setTimeout(r, 1000));
    const chunks: Buffer[] = [];
    proc.stdout.on('data', (c: Buffer) => chunks.push(c));
    proc.stdout.resume();
    await new Promise((r) => proc.once('close', r));
    const lines = Buffer.concat(chunks).toString('utf8').split('\n').filter(Boolean);
    expect(lines).toHaveLength(40000);
    expect(lines.every((l, n) => JSON.parse(l).i === n)).toBe(true);
  }, 30_000);
});
