import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatResult, parseCommandLine, runCli, UsageError, type Command } from './cli.js';

const run = async () => ({});
const COMMANDS: Record<string, Command<null>> = {
  'create-album': {
    options: ['gallery', 'title', 'description'],
    required: ['gallery', 'title'],
    run,
    description: 'Without --photos: every photo.',
  },
  'order transition': {
    usage: 'order transition --order ORDER_ID --to STATUS [--note TEXT]',
    options: ['order', 'to', 'note'],
    required: ['order', 'to'],
    clearable: ['note'],
    run,
  },
  'order show': { options: ['order'], required: ['order'], run },
  'create-key': { options: ['name'], required: [], flags: ['read-only'], run },
};
const ALBUM_USAGE =
  'usage: admin create-album --gallery GALLERY --title TITLE [--description DESCRIPTION] [--json]\n  Without --photos: every photo.';
const TRANSITION_USAGE = 'usage: admin order transition --order ORDER_ID --to STATUS [--note TEXT] [--json]';
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
    expect(parse('create-album', '--gallery', 'g', '--title', 'T', '--json')).toMatchObject({
      name: 'create-album',
      options: { gallery: 'g', title: 'T' },
      json: true,
    });
    expect(parse('order', 'transition', '--order', 'o', '--to', 'paid', '--note', '')).toMatchObject({
      name: 'order transition',
      options: { order: 'o', to: 'paid', note: '' },
      json: false,
    });
  });

  it('answers --help, -h and help with the usage', () => {
    for (const argv of [['--help'], ['-h'], ['help'], ['--json', '--help'], ['-h', 'create-album']])
      expect(parse(...argv), argv.join(' ')).toEqual({ help: 'USAGE' });
  });

  it("answers <command> --help / -h / help <command> with that command's usage, even with options missing or unknown", () => {
    for (const argv of [
      ['create-album', '--help'],
      ['create-album', '-h'],
      ['help', 'create-album'],
      ['create-album', '--gallery', 'g', '-h'],
      ['create-album', '--nope', 'x', '--help', '--json'],
    ]) {
      expect(parse(...argv), argv.join(' ')).toEqual({ help: ALBUM_USAGE });
    }
    expect(parse('order', 'transition', '--help')).toEqual({ help: TRANSITION_USAGE });
    expect(parse('help', 'order', 'transition')).toEqual({ help: TRANSITION_USAGE });
    // A group of two-word commands lists its commands.
    expect(parse('order', '-h')).toEqual({ help: `${TRANSITION_USAGE}\nusage: admin order show --order ORDER [--json]` });
    expect(parseCommandLine(COMMANDS, 'USAGE', ['order', 'show', '-h'], 'gallery-admin')).toEqual({
      help: 'usage: gallery-admin order show --order ORDER [--json]',
    });
  });

  it('refuses no command and unknown commands (with the usage), even when they ask for help', () => {
    expect(usageError()).toBe('USAGE');
    expect(usageError('nope', '--help')).toBe('unknown command: nope\nUSAGE');
    expect(usageError('help', 'nope')).toBe('unknown command: nope\nUSAGE');
  });

  it("gives a flag as 'true' when present and leaves it out when absent; a flag takes no value", () => {
    expect(parse('create-key', '--read-only', '--name', 'n')).toMatchObject({ options: { name: 'n', 'read-only': 'true' } });
    expect((parse('create-key', '--name', 'n') as { options: object }).options).toEqual({ name: 'n' });
    expect(usageError('create-key', '--read-only=yes')).toMatch(/^create-key: Option '--read-only' does not take an argument/);
    expect(parse('create-key', '--help')).toEqual({ help: 'usage: admin create-key [--name NAME] [--read-only] [--json]' });
  });

  it('refuses unknown commands and options, empty values, missing required options', () => {
    expect(usageError('nope')).toBe('unknown command: nope\nUSAGE');
    expect(usageError('order', 'nope')).toBe('unknown command: order nope\nUSAGE');
    expect(usageError('create-album', '--nope', 'x')).toMatch(/^create-album: Unknown option '--nope'/);
    expect(usageError('create-album', '--gallery', ' ', '--title', 'T')).toBe('create-album: --gallery must not be empty');
    expect(usageError('create-album', '--gallery', 'g')).toBe('create-album: missing --title\nUSAGE');
  });
});

describe('runCli', () => {
  afterEach(() => vi.restoreAllMocks());

  async function cli(...argv: string[]) {
    let stdout = '';
    let stderr = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      stdout += String(chunk);
      return true;
    });
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      stderr += String(chunk);
      return true;
    });
    const open = vi.fn(async () => null);
    const code = await runCli({ commands: COMMANDS, usage: 'USAGE', open, close: async () => undefined }, argv);
    vi.restoreAllMocks();
    return { code, stdout, stderr, opened: open.mock.calls.length > 0 };
  }

  it('prints help on stdout and exits 0 without opening anything', async () => {
    expect(await cli('--help')).toEqual({ code: 0, stdout: 'USAGE\n', stderr: '', opened: false });
    expect(await cli('-h')).toEqual({ code: 0, stdout: 'USAGE\n', stderr: '', opened: false });
    expect(await cli('create-album', '-h')).toEqual({ code: 0, stdout: `${ALBUM_USAGE}\n`, stderr: '', opened: false });
    expect(await cli('order', 'transition', '--help')).toEqual({ code: 0, stdout: `${TRANSITION_USAGE}\n`, stderr: '', opened: false });
  });

  it('prints the usage on stderr and exits 2 for no command or an unknown one', async () => {
    expect(await cli()).toEqual({ code: 2, stdout: '', stderr: 'USAGE\n', opened: false });
    expect(await cli('nope')).toEqual({ code: 2, stdout: '', stderr: 'unknown command: nope\nUSAGE\n', opened: false });
    expect(await cli('nope', '-h')).toEqual({ code: 2, stdout: '', stderr: 'unknown command: nope\nUSAGE\n', opened: false });
  });

  it('runs a valid command line', async () => {
    expect(await cli('order', 'show', '--order', 'o', '--json')).toEqual({ code: 0, stdout: '{}\n', stderr: '', opened: true });
  });
});

describe('formatResult', () => {
  it('prints one JSON line, or key: value lines', () => {
    const result = { album: { id: 'a' }, deleted: null, count: 2 };
    expect(formatResult(result, true)).toBe('{"album":{"id":"a"},"deleted":null,"count":2}\n');
    expect(formatResult(result, false)).toBe('album: {\n  "id": "a"\n}\ndeleted: null\ncount: 2\n');
  });
});
