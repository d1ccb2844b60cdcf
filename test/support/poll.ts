const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `check` until it returns a truthy value (a bound against a hung stack, not a timing assertion). */
export async function until<T>(
  what: string,
  check: () => Promise<T | false | null | undefined>,
  timeoutMs = 60_000,
  everyMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms: ${what}`);
    await sleep(everyMs);
  }
}
