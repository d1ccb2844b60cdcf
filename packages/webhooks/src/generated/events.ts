// Generated from the event catalog (libs/contracts/src/events/event-catalog.ts) by packages/webhooks/scripts/generate.ts.
// Do not edit: run `npm run webhooks:generate` and commit the result. packages/webhooks/src/events.spec.ts fails while
// this file and the catalog disagree.

/** The 28 public event types (spec section 6), in the order of the catalog. */
export const WEBHOOK_EVENT_TYPES = [
  "gallery.created",
  "gallery.published",
  "gallery.delivered",
  "shoot.created",
  "shoot.completed",
  "photo.uploaded",
  "ai_job.done",
  "ai.cull.completed",
  "payment.received",
  "order.shipped",
  "order.created",
  "order.sent_to_print",
  "order.delivered",
  "order.cancelled",
  "order.refunded",
  "order.needs_intervention",
  "client.created",
  "booking.requested",
  "booking.accepted",
  "booking.declined",
  "proposal.sent",
  "proposal.viewed",
  "proposal.accepted",
  "proposal.declined",
  "proposal.expired",
  "contract.signed",
  "invoice.paid",
  "review.approved",
] as const;

/** The `data` of each public event type, by type. */
export interface WebhookEventDataMap {
    /** @description A gallery was created (`POST /galleries`). Exactly these five members (fixed by spec section 6), nothing else. */
    "gallery.created": {
        /** Format: uuid */
        gallery_id: string;
        /** Format: uuid */
        shoot_id: string;
        title: string;
        slug: string;
        photo_count: number;
    };
    /** @description A gallery was published for the first time (`POST /galleries/{id}/publish`; a repeated publish emits nothing). */
    "gallery.published": {
        /** Format: uuid */
        id: string;
        /** Format: uuid */
        workspace_id: string;
        /** Format: uuid */
        shoot_id: string;
        title: string;
        slug: string;
        /** @enum {string} */
        state: "draft" | "published";
        photo_count: number;
        published_at: string | null;
        /** @description When the gallery's customer first opened a client session. */
        delivered_at: string | null;
        /** Format: date-time */
        created_at: string;
        /** Format: date-time */
        updated_at: string;
        /** Format: uuid */
        gallery_id: string;
    };
    /** @description The gallery's customer opened its first client session (`POST /client-sessions`), once per gallery. */
    "gallery.delivered": {
        /** Format: uuid */
        id: string;
        /** Format: uuid */
        workspace_id: string;
        /** Format: uuid */
        shoot_id: string;
        title: string;
        slug: string;
        /** @enum {string} */
        state: "draft" | "published";
        photo_count: number;
        published_at: string | null;
        /** @description When the gallery's customer first opened a client session. */
        delivered_at: string | null;
        /** Format: date-time */
        created_at: string;
        /** Format: date-time */
        updated_at: string;
        /** Format: uuid */
        gallery_id: string;
        /** Format: uuid */
        client_session_id: string;
    };
    /** @description A shoot was created (`POST /shoots`). */
    "shoot.created": {
        /** Format: uuid */
        id: string;
        /** Format: uuid */
        workspace_id: string;
        title: string;
        /** @description Unique inside the workspace. */
        slug: string;
        /** @enum {string} */
        state: "planned" | "completed" | "cancelled";
        client_id: string | null;
        location: string | null;
        scheduled_start: string | null;
        scheduled_end: string | null;
        completed_at: string | null;
        /** Format: date-time */
        created_at: string;
        /** Format: date-time */
        updated_at: string;
        shot_list: {
            total: number;
            done: number;
        };
        /** Format: uuid */
        shoot_id: string;
    };
    /** @description A planned shoot completed, once: its whole shot list was ticked, or its scheduled end passed. */
    "shoot.completed": {
        /** Format: uuid */
        id: string;
        /** Format: uuid */
        workspace_id: string;
        title: string;
        /** @description Unique inside the workspace. */
        slug: string;
        /** @enum {string} */
        state: "planned" | "completed" | "cancelled";
        client_id: string | null;
        location: string | null;
        scheduled_start: string | null;
        scheduled_end: string | null;
        completed_at: string | null;
        /** Format: date-time */
        created_at: string;
        /** Format: date-time */
        updated_at: string;
        shot_list: {
            total: number;
            done: number;
        };
        /** Format: uuid */
        shoot_id: string;
        /**
         * @description "shot_list": the last item was ticked, completed_at = that moment; "schedule": the scheduled end passed first, completed_at = scheduled_end
         * @enum {string}
         */
        completed_by: "shot_list" | "schedule";
    };
    /** @description A photo was uploaded (single-shot finalize, or an upload-session file completed); it also starts the derivative job. */
    "photo.uploaded": {
        /** Format: uuid */
        id: string;
        /** Format: uuid */
        workspace_id: string;
        /** Format: uuid */
        shoot_id: string;
        /** @description The upload-session file it came from, or null for a single-shot upload. */
        upload_file_id: string | null;
        file_name: string;
        content_type: string;
        /** @description Bytes. */
        size: number;
        sha256: string | null;
        /** @enum {string} */
        state: "pending" | "processing" | "ready" | "failed";
        /** @description For people, when state is failed. */
        failure_reason: string | null;
        /** @description For programs, when state is failed: upload_expired (a single-shot photo was not uploaded and finalized before its upload URL expired; any uploaded bytes were deleted: start a new upload). Null for other failures. */
        failure_code: string | null;
        width: number | null;
        height: number | null;
        /** @description From EXIF, UTC; null when the file has none. */
        capture_time: string | null;
        /** @description False when a cull rejected the photo. */
        keeper: boolean;
        /** @description The last cull's verdict: job_id, decision, reason (set for keepers too), scores, duplicate_group. */
        cull: {
            [key: string]: unknown;
        } | null;
        /** Format: date-time */
        created_at: string;
        uploaded_at: string | null;
        processed_at: string | null;
        /** Format: date-time */
        updated_at: string;
        /** Format: uuid */
        photo_id: string;
        /** @description null for a single-shot upload */
        upload_session_id: string | null;
    };
    /** @description An AI job finished, succeeded or failed. */
    "ai_job.done": {
        /** Format: uuid */
        job_id: string;
        /** @description the job type: "cull" today */
        type: string;
        /** Format: uuid */
        shoot_id: string;
        /** @enum {string} */
        state: "succeeded" | "failed";
        /** @description the cull counts when succeeded, else null */
        counts: {
            total: number;
            keeper: number;
            reject: number;
            blurry: number;
            underexposed: number;
            overexposed: number;
            duplicate: number;
            /** @description Near-duplicate groups of 2+ photos. */
            duplicate_groups: number;
        } | null;
        /** @description why it failed, else null */
        error: string | null;
    };
    /** @description A cull job succeeded: the shoot's keeper flags are set (emitted with its `ai_job.done`). */
    "ai.cull.completed": {
        /** Format: uuid */
        job_id: string;
        /** Format: uuid */
        shoot_id: string;
        /** @enum {string} */
        sensitivity: "low" | "medium" | "high";
        counts: {
            total: number;
            keeper: number;
            reject: number;
            blurry: number;
            underexposed: number;
            overexposed: number;
            duplicate: number;
            /** @description Near-duplicate groups of 2+ photos. */
            duplicate_groups: number;
        };
    };
    /** @description An invoice was paid (with `invoice.paid`) or an order became paid: exactly these two operations. */
    "payment.received": {
        /** @enum {string} */
        source: "invoice" | "order";
        /** @description set when source is invoice */
        invoice_id: string | null;
        /** @description set when source is order */
        order_id: string | null;
        client_id: string | null;
        /** @description the invoice's amount_cents or the order's total_cents */
        amount_cents: number;
        currency: string;
        /** Format: date-time */
        paid_at: string;
    };
    /** @description An order moved from sent_to_print to shipped. A transition's `order.updated` and its public event carry the same data. */
    "order.shipped": {
        /** Format: uuid */
        id: string;
        /** Format: uuid */
        workspace_id: string;
        client_id: string | null;
        number: string;
        /** @enum {string} */
        status: "pending" | "paid" | "sent_to_print" | "shipped" | "delivered" | "cancelled" | "refunded" | "needs_intervention";
        total_cents: number;
        /** @description ISO 4217 code. */
        currency: string;
        paid_at: string | null;
        /** Format: date-time */
        created_at: string;
        /** Format: uuid */
        order_id: string;
        /** @description set when shipped */
        tracking_number: string | null;
        /** @description the reason given with cancelled, refunded or needs_intervention; null after any other transition */
        status_reason: string | null;
        /** @description the status before this change; null for order.created */
        previous_status: ("pending" | "paid" | "sent_to_print" | "shipped" | "delivered" | "cancelled" | "refunded" | "needs_intervention") | null;
        /** Format: date-time */
        updated_at: string;
    };
    /** @description An order was created (`CreateOrder`, or the import the demo seed uses). A transition's `order.updated` and its public event carry the same data. */
    "order.created": {
        /** Format: uuid */
        id: string;
        /** Format: uuid */
        workspace_id: string;
        client_id: string | null;
        number: string;
        /** @enum {string} */
        status: "pending" | "paid" | "sent_to_print" | "shipped" | "delivered" | "cancelled" | "refunded" | "needs_intervention";
        total_cents: number;
        /** @description ISO 4217 code. */
        currency: string;
        paid_at: string | null;
        /** Format: date-time */
        created_at: string;
        /** Format: uuid */
        order_id: string;
        /** @description set when shipped */
        tracking_number: string | null;
        /** @description the reason given with cancelled, refunded or needs_intervention; null after any other transition */
        status_reason: string | null;
        /** @description the status before this change; null for order.created */
        previous_status: ("pending" | "paid" | "sent_to_print" | "shipped" | "delivered" | "cancelled" | "refunded" | "needs_intervention") | null;
        /** Format: date-time */
        updated_at: string;
    };
    /** @description An order moved to sent_to_print. A transition's `order.updated` and its public event carry the same data. */
    "order.sent_to_print": {
        /** Format: uuid */
        id: string;
        /** Format: uuid */
        workspace_id: string;
        client_id: string | null;
        number: string;
        /** @enum {string} */
        status: "pending" | "paid" | "sent_to_print" | "shipped" | "delivered" | "cancelled" | "refunded" | "needs_intervention";
        total_cents: number;
        /** @description ISO 4217 code. */
        currency: string;
        paid_at: string | null;
        /** Format: date-time */
        created_at: string;
        /** Format: uuid */
        order_id: string;
        /** @description set when shipped */
        tracking_number: string | null;
        /** @description the reason given with cancelled, refunded or needs_intervention; null after any other transition */
        status_reason: string | null;
        /** @description the status before this change; null for order.created */
        previous_status: ("pending" | "paid" | "sent_to_print" | "shipped" | "delivered" | "cancelled" | "refunded" | "needs_intervention") | null;
        /** Format: date-time */
        updated_at: string;
    };
    /** @description An order moved from shipped to delivered. A transition's `order.updated` and its public event carry the same data. */
    "order.delivered": {
        /** Format: uuid */
        id: string;
        /** Format: uuid */
        workspace_id: string;
        client_id: string | null;
        number: string;
        /** @enum {string} */
        status: "pending" | "paid" | "sent_to_print" | "shipped" | "delivered" | "cancelled" | "refunded" | "needs_intervention";
        total_cents: number;
        /** @description ISO 4217 code. */
        currency: string;
        paid_at: string | null;
        /** Format: date-time */
        created_at: string;
        /** Format: uuid */
        order_id: string;
        /** @description set when shipped */
        tracking_number: string | null;
        /** @description the reason given with cancelled, refunded or needs_intervention; null after any other transition */
        status_reason: string | null;
        /** @description the status before this change; null for order.created */
        previous_status: ("pending" | "paid" | "sent_to_print" | "shipped" | "delivered" | "cancelled" | "refunded" | "needs_intervention") | null;
        /** Format: date-time */
        updated_at: string;
    };
    /** @description An order was cancelled. A transition's `order.updated` and its public event carry the same data. */
    "order.cancelled": {
        /** Format: uuid */
        id: string;
        /** Format: uuid */
        workspace_id: string;
        client_id: string | null;
        number: string;
        /** @enum {string} */
        status: "pending" | "paid" | "sent_to_print" | "shipped" | "delivered" | "cancelled" | "refunded" | "needs_intervention";
        total_cents: number;
        /** @description ISO 4217 code. */
        currency: string;
        paid_at: string | null;
        /** Format: date-time */
        created_at: string;
        /** Format: uuid */
        order_id: string;
        /** @description set when shipped */
        tracking_number: string | null;
        /** @description the reason given with cancelled, refunded or needs_intervention; null after any other transition */
        status_reason: string | null;
        /** @description the status before this change; null for order.created */
        previous_status: ("pending" | "paid" | "sent_to_print" | "shipped" | "delivered" | "cancelled" | "refunded" | "needs_intervention") | null;
        /** Format: date-time */
        updated_at: string;
    };
    /** @description An order was refunded. A transition's `order.updated` and its public event carry the same data. */
    "order.refunded": {
        /** Format: uuid */
        id: string;
        /** Format: uuid */
        workspace_id: string;
        client_id: string | null;
        number: string;
        /** @enum {string} */
        status: "pending" | "paid" | "sent_to_print" | "shipped" | "delivered" | "cancelled" | "refunded" | "needs_intervention";
        total_cents: number;
        /** @description ISO 4217 code. */
        currency: string;
        paid_at: string | null;
        /** Format: date-time */
        created_at: string;
        /** Format: uuid */
        order_id: string;
        /** @description set when shipped */
        tracking_number: string | null;
        /** @description the reason given with cancelled, refunded or needs_intervention; null after any other transition */
        status_reason: string | null;
        /** @description the status before this change; null for order.created */
        previous_status: ("pending" | "paid" | "sent_to_print" | "shipped" | "delivered" | "cancelled" | "refunded" | "needs_intervention") | null;
        /** Format: date-time */
        updated_at: string;
    };
    /** @description An order needs a human (from sent_to_print or shipped). A transition's `order.updated` and its public event carry the same data. */
    "order.needs_intervention": {
        /** Format: uuid */
        id: string;
        /** Format: uuid */
        workspace_id: string;
        client_id: string | null;
        number: string;
        /** @enum {string} */
        status: "pending" | "paid" | "sent_to_print" | "shipped" | "delivered" | "cancelled" | "refunded" | "needs_intervention";
        total_cents: number;
        /** @description ISO 4217 code. */
        currency: string;
        paid_at: string | null;
        /** Format: date-time */
        created_at: string;
        /** Format: uuid */
        order_id: string;
        /** @description set when shipped */
        tracking_number: string | null;
        /** @description the reason given with cancelled, refunded or needs_intervention; null after any other transition */
        status_reason: string | null;
        /** @description the status before this change; null for order.created */
        previous_status: ("pending" | "paid" | "sent_to_print" | "shipped" | "delivered" | "cancelled" | "refunded" | "needs_intervention") | null;
        /** Format: date-time */
        updated_at: string;
    };
    /** @description A client was created (`POST /clients`). */
    "client.created": {
        /** Format: uuid */
        id: string;
        /** Format: uuid */
        workspace_id: string;
        name: string;
        /** @description Lower-cased. */
        email: string | null;
        phone: string | null;
        notes: string | null;
        /** Format: date-time */
        created_at: string;
        /** Format: uuid */
        client_id: string;
        /** Format: date-time */
        updated_at: string;
    };
    /** @description A booking was requested (`RequestBooking`). The booking with its new `status`; `decided_at` set on accepted and declined, `decline_reason` when given. */
    "booking.requested": {
        /** Format: uuid */
        id: string;
        /** Format: uuid */
        workspace_id: string;
        client_id: string | null;
        /** @description at least one of client_id and lead_id is set */
        lead_id: string | null;
        title: string;
        /** @enum {string} */
        status: "requested" | "accepted" | "declined";
        /** Format: date-time */
        scheduled_start: string;
        scheduled_end: string | null;
        location: string | null;
        notes: string | null;
        decided_at: string | null;
        decline_reason: string | null;
        /** Format: date-time */
        created_at: string;
        /** Format: date-time */
        updated_at: string;
        /** Format: uuid */
        booking_id: string;
    };
    /** @description A requested booking was accepted. The booking with its new `status`; `decided_at` set on accepted and declined, `decline_reason` when given. */
    "booking.accepted": {
        /** Format: uuid */
        id: string;
        /** Format: uuid */
        workspace_id: string;
        client_id: string | null;
        /** @description at least one of client_id and lead_id is set */
        lead_id: string | null;
        title: string;
        /** @enum {string} */
        status: "requested" | "accepted" | "declined";
        /** Format: date-time */
        scheduled_start: string;
        scheduled_end: string | null;
        location: string | null;
        notes: string | null;
        decided_at: string | null;
        decline_reason: string | null;
        /** Format: date-time */
        created_at: string;
        /** Format: date-time */
        updated_at: string;
        /** Format: uuid */
        booking_id: string;
    };
    /** @description A requested booking was declined. The booking with its new `status`; `decided_at` set on accepted and declined, `decline_reason` when given. */
    "booking.declined": {
        /** Format: uuid */
        id: string;
        /** Format: uuid */
        workspace_id: string;
        client_id: string | null;
        /** @description at least one of client_id and lead_id is set */
        lead_id: string | null;
        title: string;
        /** @enum {string} */
        status: "requested" | "accepted" | "declined";
        /** Format: date-time */
        scheduled_start: string;
        scheduled_end: string | null;
        location: string | null;
        notes: string | null;
        decided_at: string | null;
        decline_reason: string | null;
        /** Format: date-time */
        created_at: string;
        /** Format: date-time */
        updated_at: string;
        /** Format: uuid */
        booking_id: string;
    };
    /** @description A draft proposal was sent. The proposal with its new `status`: `sent_at` and `expires_at` set from sent on, `viewed_at` from viewed, `decided_at` on accepted, declined and expired, `decline_reason` when given. */
    "proposal.sent": {
        /** Format: uuid */
        id: string;
        /** Format: uuid */
        workspace_id: string;
        client_id: string | null;
        lead_id: string | null;
        title: string;
        /** @enum {string} */
        status: "draft" | "sent" | "viewed" | "accepted" | "declined" | "expired";
        amount_cents: number;
        /** @description ISO 4217 code. */
        currency: string;
        expires_at: string | null;
        sent_at: string | null;
        viewed_at: string | null;
        /** @description accepted, declined, or expired: then = expires_at */
        decided_at: string | null;
        decline_reason: string | null;
        /** Format: date-time */
        created_at: string;
        /** Format: date-time */
        updated_at: string;
        /** Format: uuid */
        proposal_id: string;
    };
    /** @description A sent proposal was viewed. The proposal with its new `status`: `sent_at` and `expires_at` set from sent on, `viewed_at` from viewed, `decided_at` on accepted, declined and expired, `decline_reason` when given. */
    "proposal.viewed": {
        /** Format: uuid */
        id: string;
        /** Format: uuid */
        workspace_id: string;
        client_id: string | null;
        lead_id: string | null;
        title: string;
        /** @enum {string} */
        status: "draft" | "sent" | "viewed" | "accepted" | "declined" | "expired";
        amount_cents: number;
        /** @description ISO 4217 code. */
        currency: string;
        expires_at: string | null;
        sent_at: string | null;
        viewed_at: string | null;
        /** @description accepted, declined, or expired: then = expires_at */
        decided_at: string | null;
        decline_reason: string | null;
        /** Format: date-time */
        created_at: string;
        /** Format: date-time */
        updated_at: string;
        /** Format: uuid */
        proposal_id: string;
    };
    /** @description A sent or viewed proposal was accepted. The proposal with its new `status`: `sent_at` and `expires_at` set from sent on, `viewed_at` from viewed, `decided_at` on accepted, declined and expired, `decline_reason` when given. */
    "proposal.accepted": {
        /** Format: uuid */
        id: string;
        /** Format: uuid */
        workspace_id: string;
        client_id: string | null;
        lead_id: string | null;
        title: string;
        /** @enum {string} */
        status: "draft" | "sent" | "viewed" | "accepted" | "declined" | "expired";
        amount_cents: number;
        /** @description ISO 4217 code. */
        currency: string;
        expires_at: string | null;
        sent_at: string | null;
        viewed_at: string | null;
        /** @description accepted, declined, or expired: then = expires_at */
        decided_at: string | null;
        decline_reason: string | null;
        /** Format: date-time */
        created_at: string;
        /** Format: date-time */
        updated_at: string;
        /** Format: uuid */
        proposal_id: string;
    };
    /** @description A sent or viewed proposal was declined. The proposal with its new `status`: `sent_at` and `expires_at` set from sent on, `viewed_at` from viewed, `decided_at` on accepted, declined and expired, `decline_reason` when given. */
    "proposal.declined": {
        /** Format: uuid */
        id: string;
        /** Format: uuid */
        workspace_id: string;
        client_id: string | null;
        lead_id: string | null;
        title: string;
        /** @enum {string} */
        status: "draft" | "sent" | "viewed" | "accepted" | "declined" | "expired";
        amount_cents: number;
        /** @description ISO 4217 code. */
        currency: string;
        expires_at: string | null;
        sent_at: string | null;
        viewed_at: string | null;
        /** @description accepted, declined, or expired: then = expires_at */
        decided_at: string | null;
        decline_reason: string | null;
        /** Format: date-time */
        created_at: string;
        /** Format: date-time */
        updated_at: string;
        /** Format: uuid */
        proposal_id: string;
    };
    /** @description A sent or viewed proposal's `expires_at` passed (scheduler). The proposal with its new `status`: `sent_at` and `expires_at` set from sent on, `viewed_at` from viewed, `decided_at` on accepted, declined and expired, `decline_reason` when given. */
    "proposal.expired": {
        /** Format: uuid */
        id: string;
        /** Format: uuid */
        workspace_id: string;
        client_id: string | null;
        lead_id: string | null;
        title: string;
        /** @enum {string} */
        status: "draft" | "sent" | "viewed" | "accepted" | "declined" | "expired";
        amount_cents: number;
        /** @description ISO 4217 code. */
        currency: string;
        expires_at: string | null;
        sent_at: string | null;
        viewed_at: string | null;
        /** @description accepted, declined, or expired: then = expires_at */
        decided_at: string | null;
        decline_reason: string | null;
        /** Format: date-time */
        created_at: string;
        /** Format: date-time */
        updated_at: string;
        /** Format: uuid */
        proposal_id: string;
    };
    /** @description A sent contract was signed. The contract with `status: "signed"`, `signed_at` and `signed_by`. */
    "contract.signed": {
        /** Format: uuid */
        id: string;
        /** Format: uuid */
        workspace_id: string;
        client_id: string | null;
        proposal_id: string | null;
        title: string;
        /** @enum {string} */
        status: "sent" | "signed";
        /** Format: date-time */
        sent_at: string;
        signed_at: string | null;
        signed_by: string | null;
        /** Format: date-time */
        created_at: string;
        /** Format: date-time */
        updated_at: string;
        /** Format: uuid */
        contract_id: string;
    };
    /** @description A draft or sent invoice was paid (with `payment.received`). The invoice with `status: "paid"` and `paid_at`. */
    "invoice.paid": {
        /** Format: uuid */
        id: string;
        /** Format: uuid */
        workspace_id: string;
        client_id: string | null;
        number: string;
        /** @enum {string} */
        status: "draft" | "sent" | "paid" | "void";
        amount_cents: number;
        /** @description ISO 4217 code. */
        currency: string;
        due_at: string | null;
        paid_at: string | null;
        /** Format: date-time */
        created_at: string;
        /** Format: uuid */
        invoice_id: string;
        /** Format: date-time */
        updated_at: string;
    };
    /** @description A pending review was approved. The review with `status: "approved"` and `approved_at`. */
    "review.approved": {
        /** Format: uuid */
        id: string;
        /** Format: uuid */
        workspace_id: string;
        client_id: string | null;
        shoot_id: string | null;
        rating: number;
        body: string;
        author_name: string | null;
        /** @enum {string} */
        status: "pending" | "approved";
        approved_at: string | null;
        /** Format: date-time */
        created_at: string;
        /** Format: date-time */
        updated_at: string;
        /** Format: uuid */
        review_id: string;
    };
}
