/**
 * Lints every services/<service>/prisma/migrations/<migration>/migration.sql with squawk (squawk-cli, offline;
 * configuration in .squawk.toml) and fails on any finding the migration does not explicitly except.
 *
 *   npm run lint:migrations                # every migration; exit 1 and one line per problem when any
 *   npx tsx scripts/lint-migrations.ts F…  # only the given migration.sql files
 *
 * An exception is a file `lint-exceptions.json` next to the migration.sql: an object mapping each excepted
 * squawk rule to the reason it is safe in this migration, in a sentence:
 *
 *   { "require-concurrent-index-creation": "creates the index on uploads_v2, which this same migration creates empty" }
 *
 * It covers that rule for the whole migration (keep such an operation in a migration of its own). Refused: an
 * exception without a reason or with a placeholder one, an exception for a rule squawk does not report there
 * (stale or misspelled), and squawk's own `squawk-ignore` comments (they carry no reason). Also refused: a `;`
 * in a `--` comment, because the migration runner splits migration.sql on every `;` (see
 * docs/decisions/0010-migrations.md). scripts/migrations.spec.ts runs this in `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
/** squawk-cli's launcher (a node script that runs the platform binary from @squawk-cli/<platform>). */
export const SQUAWK = path.join(ROOT, 'node_modules/squawk-cli/js/bin/squawk');
export const SQUAWK_CONFIG = path.join(ROOT, '.squawk.toml');
export const EXCEPTIONS_FILE = 'lint-exceptions.json';

export interface Finding {
  /** Path as given to squawk. */
  file: string;
  /** 1-based. */
  line: number;
  rule: string;
  message: string;
}

export interface LintResult {
  /** One line per problem; empty means every migration passes. */
  problems: string[];
  /** Findings an explained exception allowed, per migration and rule. */
  excepted: Array<{ file: string; rule: string; count: number; reason: string }>;
}

/** Every services/*\/prisma/migrations/*\/migration.sql under root, relative to it, sorted. */
export function findMigrations(root = ROOT): string[] {
  const out: string[] = [];
  const services = path.join(root, 'services');
  for (const service of readdirSync(services).sort()) {
    const dir = path.join(services, service, 'prisma/migrations');
    if (!existsSync(dir)) continue;
    for (const migration of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, migration.name, 'migration.sql');
      if (migration.isDirectory() && existsSync(file)) out.push(path.relative(root, file));
    }
  }
  return out;
}

/** Runs squawk with the project configuration over the files (absolute, or relative to cwd). */
export function runSquawk(files: string[], cwd = ROOT): Finding[] {
  if (files.length === 0) return [];
  const res = spawnSync(process.execPath, [SQUAWK, '--config', SQUAWK_CONFIG, '--reporter', 'json', ...files], { cwd, encoding: 'utf8' });
  // 0: no finding, 1: findings (or a failure, which prints no JSON).
  let raw: Array<{ file: string; line: number; rule_name: string; message: string }>;
  try {
    if (res.status !== 0 && res.status !== 1) throw new Error(`exit ${res.status}`);
    raw = JSON.parse(res.stdout);
  } catch (err) {
    throw new Error(`squawk failed (${(err as Error).message}): ${res.error?.message ?? ''}${res.stderr}${res.stdout}`.trim());
  }
  return raw.map((f) => ({ file: f.file, line: f.line + 1, rule: f.rule_name, message: f.message }));
}

const PLACEHOLDER = /^(todo|tbd|fixme|xxx|n\/a)\b/i;
const MIN_WORDS = 5;

/** Why a reason does not explain anything, or undefined when it does. */
export function reasonProblem(reason: unknown): string | undefined {
  if (typeof reason !== 'string' || reason.trim() === '') return 'has no reason';
  const text = reason.trim();
  if (PLACEHOLDER.test(text) || text.split(/\s+/).length < MIN_WORDS) {
    return `has no real reason ("${text}"): say in a sentence (${MIN_WORDS}+ words) why the operation is safe in this migration`;
  }
  return undefined;
}

/** The exceptions of one migration directory: rule -> reason, and what is wrong with the file. */
export function readExceptions(dir: string): { exceptions: Map<string, string>; problems: string[] } {
  const exceptions = new Map<string, string>();
  const problems: string[] = [];
  const file = path.join(dir, EXCEPTIONS_FILE);
  if (!existsSync(file)) return { exceptions, problems };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    return { exceptions, problems: [`not valid JSON: ${(err as Error).message}`] };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { exceptions, problems: ['must be an object mapping squawk rule names to reasons'] };
  }
  for (const [rule, reason] of Object.entries(parsed)) {
    if (!/^[a-z]+(-[a-z0-9]+)*$/.test(rule)) problems.push(`"${rule}" is not a squawk rule name`);
    else if (rule === 'syntax-error') problems.push('a syntax error cannot be excepted');
    const why = reasonProblem(reason);
    if (why) problems.push(`exception for ${rule} ${why}`);
    else exceptions.set(rule, (reason as string).trim());
  }
  return { exceptions, problems };
}

/** Problems squawk does not see: its own ignore comments (no reason) and `;` in comments (the runner splits on it). */
export function sourceProblems(sql: string): string[] {
  const problems: string[] = [];
  sql.split('\n').forEach((line, i) => {
    const code = line.replace(/'(?:[^']|'')*'/g, "''");
    const comment = code.indexOf('--');
    if (/squawk-ignore/i.test(line)) {
      problems.push(`line ${i + 1}: squawk-ignore comments are not accepted: except the rule in ${EXCEPTIONS_FILE} with its reason`);
    }
    if (comment >= 0 && code.slice(comment).includes(';')) {
      problems.push(
        `line ${i + 1}: ';' inside a comment: the migration runner splits migration.sql on every ';' and would send the rest of the comment as SQL`,
      );
    }
  });
  return problems;
}

/** Lints the given migration.sql files (paths relative to root or absolute). */
export function lintMigrations(files: string[], root = ROOT): LintResult {
  const problems: string[] = [];
  const excepted: LintResult['excepted'] = [];
  const abs = files.map((f) => path.resolve(root, f));
  const findings = runSquawk(abs, root);
  for (const file of abs) {
    const rel = path.relative(root, file);
    const dir = path.dirname(file);
    for (const p of sourceProblems(readFileSync(file, 'utf8'))) problems.push(`${rel}: ${p}`);
    const { exceptions, problems: exceptionProblems } = readExceptions(dir);
    for (const p of exceptionProblems) problems.push(`${path.relative(root, path.join(dir, EXCEPTIONS_FILE))}: ${p}`);
    const mine = findings.filter((f) => path.resolve(root, f.file) === file);
    const byRule = new Map<string, Finding[]>();
    for (const f of mine) byRule.set(f.rule, [...(byRule.get(f.rule) ?? []), f]);
    for (const [rule, list] of byRule) {
      const reason = exceptions.get(rule);
      if (reason !== undefined) {
        excepted.push({ file: rel, rule, count: list.length, reason });
        continue;
      }
      for (const f of list) problems.push(`${rel}:${f.line}: ${f.rule}: ${f.message}`);
    }
    for (const rule of exceptions.keys()) {
      if (!byRule.has(rule)) {
        problems.push(
          `${path.relative(root, path.join(dir, EXCEPTIONS_FILE))}: exception for ${rule}, which squawk does not report in this migration (stale or misspelled): remove it`,
        );
      }
    }
  }
  return { problems, excepted };
}

function main(): void {
  const args = process.argv.slice(2);
  const files = args.length > 0 ? args.map((f) => path.relative(ROOT, path.resolve(f))) : findMigrations();
  const { problems, excepted } = lintMigrations(files);
  for (const e of excepted) console.log(`excepted ${e.file}: ${e.rule} x${e.count} (${e.reason})`);
  if (problems.length > 0) {
    for (const p of problems) console.error(p);
    console.error(
      `\n${problems.length} problem(s) in ${files.length} migration(s). Make the migration safe (docs/decisions/0010-migrations.md), ` +
        `or except the rule in the migration's ${EXCEPTIONS_FILE} with the reason it is safe there.`,
    );
    process.exit(1);
  }
  console.log(`${files.length} migration(s) pass squawk (${excepted.length} explained exception(s))`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
