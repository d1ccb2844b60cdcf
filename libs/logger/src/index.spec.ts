import { spawnSync } from 'node:child_process';
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

describe('createLogger on standard output (asynchronous writes)', () => {
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
});
