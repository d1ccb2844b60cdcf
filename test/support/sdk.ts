/** Helpers for black-box tests that drive the stack through `@studio/sdk`. */
import { StudioApiError } from '@studio/sdk';
import { expect } from 'vitest';

/** The StudioApiError `promise` rejects with (fails when it resolves or rejects with something else). */
export async function apiError(promise: Promise<unknown>): Promise<StudioApiError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(StudioApiError);
  return err as StudioApiError;
}
