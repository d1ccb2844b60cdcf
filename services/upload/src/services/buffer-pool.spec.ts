import { describe, expect, it } from 'vitest';
import { BufferPool } from './buffer-pool.js';

const MiB = 1024 * 1024;

describe('BufferPool', () => {
  it('hands out a buffer of at least the size asked, rounded up to a whole MiB, of its own memory', () => {
    const pool = new BufferPool({ keep: 2, maxBytes: 64 * MiB });
    const b = pool.take(8 * MiB + 1);
    expect(b.length).toBe(9 * MiB);
    expect(b.byteOffset).toBe(0);
    expect(b.buffer.byteLength).toBe(9 * MiB);
  });

  it('reuses a buffer handed back, the smallest that fits', () => {
    const pool = new BufferPool({ keep: 3, maxBytes: 64 * MiB });
    const small = pool.take(2 * MiB);
    const large = pool.take(9 * MiB);
    pool.give(large);
    pool.give(small);
    expect(pool.take(MiB + 5)).toBe(small);
    expect(pool.take(3 * MiB)).toBe(large);
    expect(pool.size).toBe(0);
  });

  it('allocates when no kept buffer is large enough', () => {
    const pool = new BufferPool({ keep: 2, maxBytes: 64 * MiB });
    const small = pool.take(MiB);
    pool.give(small);
    const bigger = pool.take(5 * MiB);
    expect(bigger).not.toBe(small);
    expect(bigger.length).toBe(5 * MiB);
    expect(pool.size).toBe(1);
  });

  it('keeps at most `keep` buffers, the larger ones', () => {
    const pool = new BufferPool({ keep: 2, maxBytes: 64 * MiB });
    const [a, b, c] = [pool.take(MiB), pool.take(3 * MiB), pool.take(2 * MiB)];
    pool.give(a);
    pool.give(b);
    pool.give(c); // replaces a, the smallest
    expect(pool.size).toBe(2);
    expect(pool.take(MiB)).toBe(c);
    expect(pool.take(MiB)).toBe(b);
    expect(pool.size).toBe(0);
  });

  it('never keeps a buffer above maxBytes, nor the same buffer twice', () => {
    const pool = new BufferPool({ keep: 4, maxBytes: 4 * MiB });
    const huge = pool.take(10 * MiB + 3);
    expect(huge.length).toBe(10 * MiB + 3); // not rounded: it is not going to be kept anyway
    pool.give(huge);
    expect(pool.size).toBe(0);
    const b = pool.take(MiB);
    pool.give(b);
    pool.give(b);
    expect(pool.size).toBe(1);
  });
});
