/**
 * The one gallery record whose JSON composes more than its store row: a portal's `state` is its status at the time
 * of the answer (an active portal past its expiry reads `expired`). The records themselves, and the serializers of
 * the others, are written once in `@studio/contracts/records` (gallery.records.ts).
 */
import { serializePortal } from '@studio/contracts/records';
import type { PortalRow } from '../store/portal.store.js';

export type PortalStatus = 'active' | 'suspended' | 'expired';

export function portalStatus(p: PortalRow, now: Date): PortalStatus {
  if (p.state === 'suspended') return 'suspended';
  return p.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

/** The portal as photographer roles see it (the token itself is added by the publish answer only). */
export function portalJson(p: PortalRow, now: Date) {
  return serializePortal({ ...p, state: portalStatus(p, now) });
}
