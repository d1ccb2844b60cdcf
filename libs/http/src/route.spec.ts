/** parseInput: the one way a zod failure becomes invalid_input, over HTTP and in every other adapter. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@studio/errors';
import { MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from './json-depth.js';
import { parseInput } from './route.js';

const schema = z
  .object({ name: z.string().min(1), tags: z.array(z.string()).optional() })
  .refine((v) => v.name !== 'nobody', 'nobody is not a name');

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('not refused');
}

describe('parseInput', () => {
  it('answers the parsed value', () => {
    expect(parseInput(schema, { name: 'Ada', extra: 1 })).toEqual({ name: 'Ada' });
  });

  it('names the first bad member, prefixed with where it was, and lists every issue', () => {
    const err = refusal(() => parseInput(schema, { name: '', tags: [1] }, 'body'));
    expect(err.kind).toBe('invalid_input');
    expect(err.message).toMatch(/^body\.name: /);
    expect(err.details).toEqual({
      issues: [expect.objectContaining({ path: 'body.name' }), expect.objectContaining({ path: 'body.tags.0' })],
    });
  });

  it('without `where`, names the member alone; a check of the whole input is its message', () => {
    expect(refusal(() => parseInput(schema, { name: '' })).message).toMatch(/^name: /);
    expect(refusal(() => parseInput(schema, { name: 'nobody' })).message).toBe('nobody is not a name');
    expect(refusal(() => parseInput(schema, { name: 'nobody' }, 'body')).message).toBe('body: nobody is not a name');
  });

  it('refuses a lone surrogate or a NUL in any string, even one the schema would strip, naming where it was', () => {
    const surrogate = refusal(() => parseInput(schema, { name: 'Ada', tags: ['ok', 'x\ud800'] }, 'body'));
    expect(surrogate.kind).toBe('invalid_input');
    expect(surrogate.message).toBe('body.tags.1: must not contain a lone UTF-16 surrogate');
    expect(surrogate.details).toEqual({ issues: [{ path: 'body.tags.1', message: 'must not contain a lone UTF-16 surrogate' }] });
    expect(refusal(() => parseInput(schema, { name: 'Ada', extra: 'a\u0000' })).message).toBe('extra: must not contain NUL characters');
    expect(parseInput(schema, { name: 'Ada 📷' })).toEqual({ name: 'Ada 📷' });
  });

  it('refuses an input nested deeper than MAX_JSON_DEPTH, even in a member the schema would strip', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const err = refusal(() => parseInput(schema, { name: 'Ada', extra: deep }, 'body'));
    expect(err.kind).toBe('invalid_input');
    expect(err.message).toBe(`body: ${TOO_DEEP_MESSAGE}`);
    let shallow: unknown = 'x';
    for (let i = 0; i < MAX_JSON_DEPTH - 1; i++) shallow = [shallow];
    expect(parseInput(schema, { name: 'Ada', extra: shallow })).toEqual({ name: 'Ada' });
  });
});
