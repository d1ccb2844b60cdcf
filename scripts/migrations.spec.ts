/**
 * Migration lint (scripts/lint-migrations.ts, `npm run lint:migrations`): squawk over every service's
 * prisma/migrations/*\/migration.sql must report nothing that the migration does not except, with a reason, in
 * its lint-exceptions.json. The temporary migrations below show that an unsafe operation fails the lint,
 * and so does an exception without a real reason. docs/decisions/0010-migrations.md has the rules.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXCEPTIONS_FILE, ROOT, SQUAWK_CONFIG, findMigrations, lintMigrations, reasonProblem } from './lint-migrations.js';

describe('the repository migrations', () => {
  const files = findMigrations();

  it('finds every service migration', () => {
    const services = new Set(files.map((f) => f.split('/')[1]));
    expect([...services].sort()).toEqual(['gallery', 'search', 'studio', 'upload', 'webhooks']);
    for (const f of files) expect(f).toMatch(/^services\/[a-z-]+\/prisma\/migrations\/\d{14}_[a-z0-9_]+\/migration\.sql$/);
  });

  it('pass squawk: every finding is fixed or excepted with a reason', () => {
    const { problems, excepted } = lintMigrations(files);
    expect(problems).toEqual([]);
    for (const e of excepted) expect(reasonProblem(e.reason), `${e.file} ${e.rule}`).toBeUndefined();
  });
});

describe('.squawk.toml', () => {
  const toml = readFileSync(SQUAWK_CONFIG, 'utf8');

  it('targets PostgreSQL 15 and does not assume a wrapping transaction (the adapter runs statements one by one)', () => {
    expect(toml).toMatch(/^pg_version = "15"$/m);
    expect(toml).toMatch(/^assume_in_transaction = false$/m);
  });

  it('says why for every rule it excludes as a whole', () => {
    const block = toml.slice(toml.indexOf('excluded_rules = ['), toml.indexOf(']', toml.indexOf('excluded_rules = [')));
    const lines = block.split('\n').slice(1);
    const rules = lines.map((l, i) => ({ rule: /^\s*"([a-z-]+)",?\s*$/.exec(l)?.[1], before: lines[i - 1] ?? '' })).filter((r) => r.rule);
    expect(rules.length).toBeGreaterThan(0);
    for (const r of rules) expect(r.before.trim(), `${r.rule} needs a comment above it`).toMatch(/^#/);
  });
});

describe('lint of a new migration', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'studio-migration-lint-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  let n = 0;
  /** Writes services/demo/prisma/migrations/<n>_m/migration.sql (+ lint-exceptions.json) and lints it. */
  function lint(sql: string, exceptions?: unknown) {
    const dir = path.join(tmp, 'services/demo/prisma/migrations', `2026112500000${n++}_m`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'migration.sql'), sql);
    if (exceptions !== undefined) {
      writeFileSync(path.join(dir, EXCEPTIONS_FILE), typeof exceptions === 'string' ? exceptions : JSON.stringify(exceptions));
    }
    return { file: path.join(dir, 'migration.sql'), ...lintMigrations([path.join(dir, 'migration.sql')], tmp) };
  }
  const REASON = 'release 1.3 stopped reading legacy_note, and 1.4 is deployed everywhere';

  it('accepts an expand step: nullable column, column with a default, new table, index built concurrently', () => {
    const { problems } = lint(
      [
        'ALTER TABLE "shoots" ADD COLUMN IF NOT EXISTS "note" TEXT;',
        'ALTER TABLE "shoots" ADD COLUMN IF NOT EXISTS "rank" BIGINT NOT NULL DEFAULT 0;',
        'CREATE TABLE IF NOT EXISTS "shoot_notes" ("id" UUID NOT NULL, CONSTRAINT "shoot_notes_pkey" PRIMARY KEY ("id"));',
        '-- A failed CONCURRENTLY build leaves an INVALID index behind: drop it first so that a retry rebuilds it.',
        'DROP INDEX CONCURRENTLY IF EXISTS "shoots_note_idx";',
        'CREATE INDEX CONCURRENTLY IF NOT EXISTS "shoots_note_idx" ON "shoots"("note");',
        '',
      ].join('\n'),
    );
    expect(problems).toEqual([]);
  });

  it.each([
    ['DROP COLUMN', 'ALTER TABLE "shoots" DROP COLUMN IF EXISTS "legacy_note";\n', 'ban-drop-column'],
    ['RENAME COLUMN', 'ALTER TABLE "shoots" RENAME COLUMN "title" TO "name";\n', 'renaming-column'],
    ['SET NOT NULL', 'ALTER TABLE "shoots" ALTER COLUMN "note" SET NOT NULL;\n', 'adding-not-nullable-field'],
    [
      'CREATE INDEX without CONCURRENTLY on an existing table',
      'CREATE INDEX IF NOT EXISTS "shoots_note_idx" ON "shoots"("note");\n',
      'require-concurrent-index-creation',
    ],
    ['DROP TABLE', 'DROP TABLE IF EXISTS "shoots";\n', 'ban-drop-table'],
    ['a statement that cannot be re-run', 'ALTER TABLE "shoots" ADD COLUMN "note" TEXT;\n', 'prefer-robust-stmts'],
  ])('fails on %s', (_label, sql, rule) => {
    const { problems, file } = lint(sql);
    expect(
      problems.some((p) => p.startsWith(`${path.relative(tmp, file)}:1: ${rule}:`)),
      problems.join('\n'),
    ).toBe(true);
  });

  it('passes an unsafe operation the migration excepts with a reason, and reports the exception', () => {
    const { problems, excepted } = lint('ALTER TABLE "shoots" DROP COLUMN IF EXISTS "legacy_note";\n', { 'ban-drop-column': REASON });
    expect(problems).toEqual([]);
    expect(excepted).toEqual([expect.objectContaining({ rule: 'ban-drop-column', count: 1, reason: REASON })]);
  });

  it.each([
    ['an empty reason', ''],
    ['a blank reason', '   '],
    ['a placeholder', 'TODO explain this later please'],
    ['a word or two', 'safe, trust me'],
    ['no reason at all', null],
    ['a non-string', 42],
  ])('fails on an exception with %s, and still reports the finding', (_label, reason) => {
    const { problems } = lint('ALTER TABLE "shoots" DROP COLUMN IF EXISTS "legacy_note";\n', { 'ban-drop-column': reason });
    expect(
      problems.some((p) => p.includes(`${EXCEPTIONS_FILE}: exception for ban-drop-column has no`)),
      problems.join('\n'),
    ).toBe(true);
    expect(
      problems.some((p) => p.includes(': ban-drop-column: ')),
      problems.join('\n'),
    ).toBe(true);
  });

  it('fails on an exception for a rule squawk does not report there (stale or misspelled)', () => {
    const { problems } = lint('ALTER TABLE "shoots" DROP COLUMN IF EXISTS "legacy_note";\n', {
      'ban-drop-colum': REASON,
      'ban-drop-column': REASON,
    });
    expect(problems).toEqual([expect.stringMatching(/exception for ban-drop-colum, which squawk does not report/)]);
  });

  it('fails on an exceptions file that is not a JSON object of reasons', () => {
    expect(lint('SELECT 1;\n', '{ nope').problems).toEqual([expect.stringMatching(/not valid JSON/)]);
    expect(lint('SELECT 1;\n', ['ban-drop-column']).problems).toEqual([expect.stringMatching(/must be an object/)]);
  });

  it("refuses squawk's own ignore comments, which carry no reason", () => {
    const { problems } = lint('-- squawk-ignore ban-drop-column\nALTER TABLE "shoots" DROP COLUMN IF EXISTS "legacy_note";\n');
    expect(problems).toEqual([expect.stringMatching(/line 1: squawk-ignore comments are not accepted/)]);
  });

  it('refuses a semicolon in a comment (the migration runner splits migration.sql on every semicolon)', () => {
    const { problems } = lint('-- note; more\nCOMMENT ON TABLE "shoots" IS \'a; b\';\n');
    expect(problems).toEqual([expect.stringMatching(/line 1: ';' inside a comment/)]);
  });

  it('npm run lint:migrations exits 1 and names the finding (the CLI, on one file)', () => {
    const { file } = lint('CREATE INDEX IF NOT EXISTS "shoots_note_idx" ON "shoots"("note");\n');
    const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/lint-migrations.ts'), file], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(res.status, res.stderr).toBe(1);
    expect(res.stderr).toMatch(/:1: require-concurrent-index-creation:/);
    expect(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts['lint:migrations']).toBe(
      'node scripts/run.mjs tsx scripts/lint-migrations.ts',
    );
  });
});
