import { describe, expect, it } from 'vitest';
import { TurnBatchedWriter, type WriteFn } from './turn-batched-writer.js';

/** A writer whose turns and retries run when the test says, over a descriptor the test scripts. */
function harness(answers: ((length: number) => number | string)[] = []) {
  const writes: string[] = [];
  const turns: (() => void)[] = [];
  const laters: (() => void)[] = [];
  let pauses = 0;
  const write: WriteFn = (_fd, buffers) => {
    const all = Buffer.concat(buffers);
    const answer = answers.shift()?.(all.length) ?? all.length;
    if (typeof answer === 'string') throw Object.assign(new Error(answer), { code: answer });
    writes.push(all.subarray(0, answer).toString('utf8'));
    return answer;
  };
  const writer = new TurnBatchedWriter({
    fd: 1,
    write,
    maxPendingBytes: 64,
    schedule: { turn: (fn) => turns.push(fn), later: (fn) => laters.push(fn) },
    pause: () => void pauses++,
  });
  const run = (queue: (() => void)[]) => {
    const fns = queue.splice(0);
    for (const fn of fns) fn();
  };
  return { writer, writes, turns, laters, runTurn: () => run(turns), runLater: () => run(laters), pauses: () => pauses };
}

describe('TurnBatchedWriter', () => {
  it('writes the lines of one turn with one write, in order, and schedules one flush a turn', () => {
    const h = harness();
    h.writer.write('a\n');
    h.writer.write('b\n');
    h.writer.write('c\n');
    expect(h.turns).toHaveLength(1);
    expect(h.writes).toEqual([]);
    h.runTurn();
    expect(h.writes).toEqual(['a\nb\nc\n']);
    h.writer.write('d\n');
    h.runTurn();
    expect(h.writes).toEqual(['a\nb\nc\n', 'd\n']);
  });

  it('keeps what a busy descriptor did not take and writes it first, a moment later', () => {
    const h = harness([() => 'EAGAIN', () => 3]);
    h.writer.write('one\n');
    h.runTurn();
    expect(h.writes).toEqual([]);
    expect(h.laters).toHaveLength(1);
    h.writer.write('two\n');
    // the retry is already scheduled: no second flush for this turn
    expect(h.turns).toHaveLength(0);
    h.runLater();
    // took 3 bytes, then the rest at once
    expect(h.writes).toEqual(['one', '\ntwo\n']);
    expect(h.laters).toHaveLength(0);
  });

  it('loops over partial writes within the turn while the descriptor takes bytes', () => {
    const h = harness([() => 2, () => 2, () => 'EAGAIN']);
    h.writer.write('abcdef\n');
    h.runTurn();
    expect(h.writes).toEqual(['ab', 'cd']);
    h.runLater();
    expect(h.writes.join('')).toBe('abcdef\n');
  });

  it('drops what is queued when the descriptor is gone (EPIPE) instead of throwing', () => {
    const h = harness([() => 'EPIPE']);
    h.writer.write('lost\n');
    expect(() => h.runTurn()).not.toThrow();
    expect(h.laters).toHaveLength(0);
    h.writer.write('next\n');
    h.runTurn();
    expect(h.writes).toEqual(['next\n']);
  });

  it('blocks past maxPendingBytes until the descriptor takes the backlog', () => {
    const h = harness([() => 'EAGAIN', () => 'EAGAIN', () => 'EAGAIN']);
    h.writer.write(`${'x'.repeat(40)}\n`);
    h.runTurn();
    expect(h.writes).toEqual([]);
    h.writer.write(`${'y'.repeat(40)}\n`);
    // 41 queued + 41 left over > 64: written synchronously, pausing while busy
    expect(h.pauses()).toBe(2);
    expect(h.writes).toEqual([`${'x'.repeat(40)}\n${'y'.repeat(40)}\n`]);
  });

  it('keeps batches a busy descriptor left as they are and takes a partial write across them', () => {
    const h = harness([() => 'EAGAIN', () => 'EAGAIN', () => 5, () => 'EAGAIN']);
    h.writer.write('aaa\n');
    h.runTurn();
    h.runLater(); // busy again: 'bbb' joins the queue behind 'aaa'
    h.writer.write('bbb\n');
    expect(h.laters).toHaveLength(1);
    h.runLater();
    // 5 bytes: all of the first batch and one byte of the second, then the descriptor is busy again
    expect(h.writes).toEqual(['aaa\nb']);
    h.runLater();
    expect(h.writes).toEqual(['aaa\nb', 'bb\n']);
  });

  it('flushSync and pino-style flush(cb) write everything now', () => {
    const h = harness([() => 'EAGAIN']);
    h.writer.write('a\n');
    h.writer.flushSync();
    expect(h.writes).toEqual(['a\n']);
    expect(h.pauses()).toBe(1);
    h.writer.write('b\n');
    let called = false;
    h.writer.flush(() => {
      called = true;
    });
    expect(called).toBe(true);
    expect(h.writes).toEqual(['a\n', 'b\n']);
  });

  it('counts bytes, not UTF-16 units, of what a descriptor took', () => {
    const h = harness([() => 2]);
    h.writer.write('é\n');
    h.runTurn();
    // 'é' is two bytes: the first write took exactly it
    expect(h.writes).toEqual(['é', '\n']);
  });
});
