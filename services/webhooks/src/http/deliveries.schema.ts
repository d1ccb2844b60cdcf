/** Request shapes of delivery history and replay (the answers are records: `@studio/contracts/records`). */
import { z } from 'zod';
import { limit, cursor } from '@studio/http';
import { PUBLIC_EVENT_TYPES } from '@studio/contracts/events';
import { DELIVERY_STATES } from '@studio/contracts/records';

export const deliveriesListQuery = z.object({
  limit: limit(100, 50),
  cursor: cursor(),
  state: z.enum(DELIVERY_STATES).optional(),
});

/** POST /webhook-endpoints/{id}/test: optionally, which of the endpoint's event types the example event has. */
export const testDeliveryBody = z
  .strictObject({
    type: z
      .enum(PUBLIC_EVENT_TYPES)
      .optional()
      .describe('One of the event types the endpoint subscribes to; default: the first of them in the order of the event type list.'),
  })
  .optional();
