/**
 * A few large buffers kept for reuse (the derivative worker reads each original into one). A fresh 8 MiB Buffer
 * per photo costs page faults on first touch and adds to the external memory that makes V8 run major GCs; a
 * buffer handed back after the job is reused by the next one. Buffers above `maxBytes` are never kept, so one huge
 * original does not pin its memory for the life of the process.
 */
const MiB = 1024 * 1024;

export interface BufferPoolOptions {
  /** Buffers kept at most (the worker's derivative prefetch: one per job in flight). */
  keep: number;
  /** Largest buffer kept for reuse (bytes); larger ones are allocated per use and left to the GC. */
  maxBytes: number;
}

export class BufferPool {
  private readonly free: Buffer[] = [];

  constructor(private readonly options: BufferPoolOptions) {}

  /**
   * A buffer of at least `size` bytes (its contents are garbage): a kept one when one is large enough, else a new
   * one rounded up to a whole MiB so that slightly larger photos later still fit. Hand it back with `give`.
   */
  take(size: number): Buffer {
    let best = -1;
    for (let i = 0; i < this.free.length; i++) {
      const len = this.free[i]!.length;
      if (len >= size && (best < 0 || len < this.free[best]!.length)) best = i;
    }
    if (best >= 0) return this.free.splice(best, 1)[0]!;
    const rounded = Math.ceil(Math.max(size, 1) / MiB) * MiB;
    // allocUnsafeSlow: memory of its own, never a slice of Node's shared pool (it is kept and reused).
    return Buffer.allocUnsafeSlow(rounded <= this.options.maxBytes ? rounded : size);
  }

  /**
   * Hands back a buffer from `take` once nothing reads it any more (sharp has finished with it). When the pool is
   * full it keeps the larger buffers: the smallest kept one makes room for a larger one.
   */
  give(buffer: Buffer): void {
    if (buffer.length > this.options.maxBytes || this.free.includes(buffer)) return;
    if (this.free.length < this.options.keep) {
      this.free.push(buffer);
      return;
    }
    let smallest = 0;
    for (let i = 1; i < this.free.length; i++) if (this.free[i]!.length < this.free[smallest]!.length) smallest = i;
    if (this.free.length > 0 && this.free[smallest]!.length < buffer.length) this.free[smallest] = buffer;
  }

  /** Buffers kept now (tests, metrics). */
  get size(): number {
    return this.free.length;
  }
}
