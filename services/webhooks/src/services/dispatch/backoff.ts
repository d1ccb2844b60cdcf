/** The dispatcher's waits: the backoff after repeated database failures, and a pause that never keeps the process alive. */

/** The wait after the `failures`-th database failure in a row (a claim or an outcome write): 200 ms doubling, at most 5 s. */
export function failureBackoffMs(failures: number): number {
  return Math.min(5000, 100 * 2 ** Math.min(failures, 6));
}

/** Resolves after `ms`; its timer does not hold the process open. */
export function pause(ms: number): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
}
