import { describe, expect, it } from 'vitest';
import { formatResult, parseCommandLine, UsageError, type Command } from './cli.js';

const run = async () => ({});
const COMMANDS: Record<string, Command<null>> = {
  'create-album': { options: ['gallery', 'title', 'description'], required: ['gallery', 'title'], run },
  'order transition': { options: ['order', 'to', 'note'], required: ['order', 'to'], clearable: ['note'], run },
};
const parse = (...argv: string[]) => parseCommandLine(COMMANDS, 'USAGE', argv);
const usageError = (...argv: string[]) => {
  try {
    parse(...argv);
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  throw new Error('parsed');
};

describe('parseCommandLine', () => {
  it('finds one- and two-word commands and their options', () => {
    expect(parse('create-album', '--gallery', 'g', '--title', 'T', '--json')).toMatchObject({ name: 'create-album', options: { gallery: 'g', title: 'T' }, json: true });
    expect(parse('order', 'transition', '--order', 'o', '--to', 'paid', '--note', '')).toMatchObject({ name: 'order transition', options: { order: 'o', to: 'paid', note: '' }, json: false });
  });

  it('refuses help, unknown commands and options, empty values, missing required options', () => {
    expect(usageError()).toBe('USAGE');
    expect(usageError('--help')).toBe('USAGE');
    expect(usageError('nope')).toBe('unknown command: nope\nUSAGE');
    expect(usageError('order', 'nope')).toBe('unknown command: order nope\nUSAGE');
    expect(usageError('create-album', '--nope', 'x')).toMatch(/^create-album: Unknown option '--nope'/);
    expect(usageError('create-album', '--gallery', ' ', '--title', 'T')).toBe('create-album: --gallery must not be empty');
    expect(usageError('create-album', '--gallery', 'g')).toBe('create-album: missing --title\nUSAGE');
  });
});

describe('formatResult', () => {
  it('prints one JSON line, or key: value lines', () => {
    const result = { album: { id: 'a' }, deleted: null, count: 2 };
    expect(formatResult(result, true)).toBe('{"album":{"id":"a"},"deleted":null,"count":2}\n');
    expect(formatResult(result, false)).toBe('album: {\n  "id": "a"\n}\ndeleted: null\ncount: 2\n');
  });
});
