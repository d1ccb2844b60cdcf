/**
 * One delivery attempt: signs the payload with the endpoint's secret (and the previous one during a rotation
 * overlap), POSTs it through the SSRF-guarded sender, and answers the outcome to write (completionFor). Each attempt
 * runs as a span of the trace that produced the event (stored with the delivery at fan-out) and writes one
 * access-log line. Decrypted secrets and parsed URLs are cached per process.
 */
import type client from 'prom-client';
import { createAccessLogger, type Logger } from '@studio/logger';
import { runInContext, spanSinkFor, startCall, type CallContext } from '@studio/trace';
import type { ClaimedDelivery, Completion } from '../../store/delivery.store.js';
import type { WebhookSender } from '../http-sender.js';
import { classifyStatus } from '../retry-policy.js';
import type { SecretBox } from '../secret-crypto.js';
import { EVENT_ID_HEADER, EVENT_TYPE_HEADER, SIGNATURE_HEADER, TEST_HEADER, signatureHeader } from '../signing.js';
import { completionFor, type AttemptResult } from './outcome-writer.js';

export interface DeliveryAttemptsOptions {
  sender: WebhookSender;
  secrets: SecretBox;
  logger: Logger;
  /** RETRY_SCHEDULE: waits in ms after the 1st, 2nd, ... failed attempt. */
  schedule: readonly number[];
  /** One access-log line per attempt, in the trace of the event it delivers (default on). */
  accessLog?: boolean;
  /** webhook_delivery_attempt_duration_seconds. */
  durationHistogram?: client.Histogram;
}

/** Cached entries per map at most; a full cache is cleared. */
const CACHE_MAX = 10_000;

export class DeliveryAttempts {
  private readonly secretCache = new Map<string, { enc: Buffer; secret: string }>();
  private readonly urlCache = new Map<string, URL>();
  private readonly accessLog: Logger;

  constructor(private readonly options: DeliveryAttemptsOptions) {
    this.accessLog = createAccessLogger(options.logger, options.accessLog ?? true);
  }

  /** Attempts one delivery in its event's trace; answers the outcome to write. Never throws. */
  async run(row: ClaimedDelivery, claimToken: string): Promise<Completion> {
    const attemptedAt = new Date();
    const ctx = startCall({ traceparent: row.traceparent, requestId: row.requestId });
    return runInContext(ctx, async (): Promise<Completion> => {
      let result: AttemptResult;
      try {
        result = await this.attempt(row);
      } catch (err) {
        // Should not happen (send never throws); keep the delivery on its schedule rather than lose it.
        this.options.logger.error({ err, delivery_id: row.id }, 'dispatcher: unexpected delivery failure');
        result = { outcome: 'retryable', attempted: true, httpStatus: null, detail: 'internal dispatcher error', durationMs: 0 };
      }
      const completion = completionFor(row, claimToken, attemptedAt, result, this.options.schedule);
      this.report(ctx, row, completion);
      return completion;
    });
  }

  /** The attempt's access-log line, and its span when an exporter is registered and the trace is sampled. */
  private report(ctx: CallContext, row: ClaimedDelivery, completion: Completion): void {
    const attempt = row.attemptCount + (completion.attempted ? 1 : 0);
    // The line's fields are only built when the access log is on (every delivery passes here).
    if (this.accessLog.isLevelEnabled('info')) {
      this.accessLog.info(
        {
          delivery_id: row.id,
          event_id: row.eventId,
          event_type: row.eventType,
          endpoint_id: row.endpointId,
          attempt,
          http_status: completion.httpStatus,
          outcome: completion.state,
          duration_ms: completion.durationMs,
        },
        'delivery attempt',
      );
    }
    const sink = spanSinkFor(ctx);
    if (sink) {
      const endTime = Date.now();
      sink({
        ids: ctx,
        name: 'webhook delivery',
        kind: 'client',
        durationMs: endTime - completion.attemptedAt.getTime(),
        endTime,
        attributes: {
          'http.request.method': 'POST',
          'http.response.status_code': completion.httpStatus ?? undefined,
          'webhook.delivery_id': row.id,
          'webhook.event_id': row.eventId,
          'webhook.event_type': row.eventType,
          'webhook.endpoint_id': row.endpointId,
          'webhook.attempt': attempt,
          'webhook.outcome': completion.state,
        },
        error: completion.state === 'succeeded' ? undefined : completion.state,
      });
    }
  }

  private async attempt(row: ClaimedDelivery): Promise<AttemptResult> {
    if (!row.endpointActive) {
      return { outcome: 'terminal', attempted: false, httpStatus: null, detail: 'endpoint deactivated before delivery', durationMs: 0 };
    }
    let secret: string;
    let previous: string | null = null;
    try {
      secret = this.secretFor(row.endpointId, row.secretEnc);
      if (row.previousSecretEnc) previous = this.secretFor(row.endpointId, row.previousSecretEnc);
    } catch (err) {
      const message = 'dispatcher: signing secret does not decrypt (WEBHOOK_SECRET_KEY changed?)';
      this.options.logger.error({ endpoint_id: row.endpointId, err: (err as Error).message }, message);
      return {
        outcome: 'retryable',
        attempted: true,
        httpStatus: null,
        detail: 'signing secret unavailable; nothing was sent',
        durationMs: 0,
      };
    }
    const url = this.urlOf(row.url);
    if (!url) return { outcome: 'terminal', attempted: true, httpStatus: null, detail: 'endpoint url is invalid', durationMs: 0 };
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signatureHeader({ rawBody: row.payload, secret, previousSecret: previous }),
      [EVENT_ID_HEADER]: row.eventId,
      [EVENT_TYPE_HEADER]: row.eventType,
    };
    if (row.test) headers[TEST_HEADER] = 'true';
    const sent = await this.options.sender.send(url, headers, row.payload);
    this.options.durationHistogram?.observe(sent.durationMs / 1000);
    return {
      outcome: classifyStatus(sent.status),
      attempted: true,
      httpStatus: sent.status,
      detail: sent.detail,
      durationMs: sent.durationMs,
    };
  }

  private secretFor(endpointId: string, enc: Buffer): string {
    const key = `${endpointId}:${enc.subarray(1, 13).toString('base64')}`; // iv identifies the blob
    const hit = this.secretCache.get(key);
    if (hit?.enc.equals(enc)) return hit.secret;
    const secret = this.options.secrets.decrypt(enc, endpointId);
    if (this.secretCache.size > CACHE_MAX) this.secretCache.clear();
    this.secretCache.set(key, { enc: Buffer.from(enc), secret });
    return secret;
  }

  /** The parsed endpoint URL, or null when it does not parse. */
  private urlOf(text: string): URL | null {
    let url = this.urlCache.get(text);
    if (url) return url;
    try {
      url = new URL(text);
    } catch {
      return null;
    }
    if (this.urlCache.size > CACHE_MAX) this.urlCache.clear();
    this.urlCache.set(text, url);
    return url;
  }
}
