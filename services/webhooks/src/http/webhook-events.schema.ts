/**
 * The webhook deliveries as OpenAPI 3.1 `webhooks` (issue 24 item 8): one entry per public event type, generated from
 * the event catalog (`@studio/contracts/events`, the one source of each type's `data`), with the envelope, the
 * delivery headers and what each answer of the subscriber means. webhook-dispatch documents them because it is the
 * one that sends them; the gateway merges them into the public document like the routes.
 */
import { z } from 'zod';
import { API_VERSION } from '@studio/amqp';
import { EVENT_CATALOG, PUBLIC_EVENT_TYPES } from '@studio/contracts/events';
import type { WebhookDef } from '@studio/http/openapi';

/** The tag of the webhook entries; its description (the gateway's TAG_DESCRIPTIONS) states the delivery rules. */
export const WEBHOOK_EVENTS_TAG = 'webhook events';

const pascal = (type: string) =>
  type
    .split(/[._]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

const hex64 = '[0-9a-f]{64}';

/** The headers of every delivery (spec section 6), the event type's own name in X-Service-Event-Type. */
function deliveryHeaders(type: string) {
  return z.object({
    'X-Service-Signature': z
      .string()
      .regex(new RegExp(`^t=\\d+,v1=${hex64}(,v0=${hex64})?$`))
      .meta({ examples: [`t=1795000000,v1=${'5f'.repeat(32)}`] })
      .describe(
        "`t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.",
      ),
    'X-Service-Event-Id': z.guid().describe("The event id (the body's `id`): the same on every retry and replay; de-duplicate on it."),
    'X-Service-Event-Type': z.literal(type).describe("The event type (the body's `type`)."),
    'X-Service-Test': z
      .literal('true')
      .optional()
      .describe('Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.'),
  });
}

/** The delivered body: the public envelope around the type's `data` (spec section 6); ids as the catalog writes them. */
function envelope(type: (typeof PUBLIC_EVENT_TYPES)[number]) {
  return z
    .object({
      id: z.guid().describe('The event id; X-Service-Event-Id carries the same.'),
      type: z.literal(type),
      created_at: z.iso.datetime().describe('When the change happened (ISO 8601, UTC).'),
      workspace_id: z.guid(),
      api_version: z
        .string()
        .regex(/^\d{4}-\d{2}$/)
        .meta({ examples: [API_VERSION] })
        .describe(`The year-month version of the payload, \`${API_VERSION}\` today.`),
      data: EVENT_CATALOG[type].data,
    })
    .meta({ id: `${pascal(type)}Event`, description: `The body of a \`${type}\` delivery.` });
}

const RESPONSES = {
  '2XX': 'Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards.',
  '429': 'Retried like a 5xx.',
  '4XX':
    'Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay).',
  '5XX':
    'Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`.',
};

/** One `webhooks` entry per public event type, in the order of spec section 6. */
export function webhookEventDocs(): WebhookDef[] {
  return PUBLIC_EVENT_TYPES.map((type) => ({
    name: type,
    operationId: `on${pascal(type)}`,
    summary: type,
    description: `${EVENT_CATALOG[type].description} Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to \`${type}\`.`,
    tags: [WEBHOOK_EVENTS_TAG],
    body: envelope(type),
    headers: deliveryHeaders(type),
    responses: RESPONSES,
  }));
}
