/**
 * Commit messages are a subject of at most 72 characters, a blank line, then a body that says why (README
 * "Contributing"). Checked for every commit since the one that set the rule; older history is left as it is.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });

/** The commit that made the rule: the one that added this file (found by history, not a hash that a rebase changes). */
const RULE_SINCE = git('log', '--diff-filter=A', '--format=%H', '--', 'scripts/commit-messages.spec.ts').trim().split('\n').at(-1);

/** Problems of one message: an empty or long subject, no blank line after it, no body. */
function messageProblems(message: string): string[] {
  const [subject = '', second, ...body] = message.replace(/\n+$/, '').split('\n');
  const problems: string[] = [];
  if (subject.trim() === '') problems.push('empty subject');
  if (subject.length > 72) problems.push(`subject is ${subject.length} characters (at most 72)`);
  if (second !== undefined && second !== '') problems.push('no blank line after the subject');
  else if (body.join('').trim() === '') problems.push('no body saying why');
  return problems;
}

it('checks a message the way the rule says', () => {
  expect(messageProblems('Fix the relay\n\nIt dropped rows on reconnect.\n')).toEqual([]);
  expect(messageProblems(`${'x'.repeat(73)}\n\nbody`)).toEqual(['subject is 73 characters (at most 72)']);
  expect(messageProblems('Subject\nbody right away')).toEqual(['no blank line after the subject']);
  expect(messageProblems('Subject only')).toEqual(['no body saying why']);
});

it('every commit since the rule has a short subject, a blank line and a body', () => {
  // Before this file is committed there is no such commit yet: the newest commit is checked alone.
  const log = git('log', '--format=%h%x00%B%x01', RULE_SINCE ? `${RULE_SINCE}^..HEAD` : '-1');
  const offenders = log
    .split('\x01')
    .map((entry) => entry.replace(/^\n/, ''))
    .filter((entry) => entry.includes('\x00'))
    .map((entry) => {
      const [hash, message = ''] = entry.split('\x00');
      return { hash, problems: messageProblems(message) };
    })
    .filter((c) => c.problems.length > 0);
  expect(offenders).toEqual([]);
});
