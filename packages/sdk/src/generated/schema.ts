// Generated from the OpenAPI document the gateway serves (GET /api/v1/openapi.json) by openapi-typescript.
// Do not edit: run `npm run sdk:generate` against a running stack (`npm start`; `-- --url <document url>` for
// another one) and commit the result. test/sdk-types.test.ts fails while this file and the served document disagree.

export interface paths {
    "/ai/cull-jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a cull of a shoot's ready photos (sensitivity low | medium | high)
         * @description Needs the photographer role or above in the shoot's workspace (403 below it, 404 outside the caller's tenant). Queues a cull of the shoot's ready photos at the given sensitivity and answers 202 with the queued job; poll it with GET /ai/jobs/{id}. When the job finishes it emits ai_job.done, and on success it also sets the shoot's keeper flags and emits ai.cull.completed.
         */
        post: operations["createCullJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ai/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Poll an AI job: state, progress and, when it succeeded, its result
         * @description Any member of the job's workspace may poll it. Returns the job's state and progress and, once it succeeded, its result (or its error when it failed). A job of another tenant is 404.
         */
        get: operations["getAiJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/whoami": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The owning profile, the token and the workspaces it reaches
         * @description Any valid API token may call it; it takes no input. Returns the token's owning profile, the token's own details and the workspaces it reaches with the caller's role in each (a workspace-scoped token reaches only that workspace). A missing, invalid or revoked token is 401.
         */
        get: operations["whoami"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client-sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange a gallery portal token (or magic code) for a client bearer limited to that gallery
         * @description No API token: the gallery portal token in the body (portal_token, or its alias magic_code) is the credential. Returns a short-lived client bearer (session.bearer, session.expires_at, session.gallery_id) that works only on GET /galleries/{id}, GET /galleries/{id}/photos and the favorites routes of that one gallery. An invalid, expired, suspended or non-gallery portal token is 401; calls are rate-limited per client IP, and the first session of a gallery marks it delivered and emits gallery.delivered once.
         */
        post: operations["openClientSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the clients of a workspace, newest first
         * @description Any member of the workspace named by workspace_id (required) may call it. Returns one page of its clients, newest first, with next_cursor (limit 1 to 100). A workspace the caller does not reach is 404.
         */
        get: operations["listClients"];
        put?: never;
        /**
         * Create a client (email lower-cased; email, phone and notes optional)
         * @description Needs the photographer role or above in the workspace named in the body (403 below it, 404 outside the caller's tenant). Creates the client (email lower-cased; email, phone and notes optional), emits client.created and returns it with 201. Takes an Idempotency-Key header: the same key with the same body returns the first answer, with a different body 422.
         */
        post: operations["createClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/galleries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the galleries of a workspace (drafts included), newest first
         * @description Any member of the workspace named by workspace_id (required) may call it; drafts are included. Returns one page of galleries, newest first, with next_cursor for the next page (limit 1 to 100). A workspace the caller does not reach is 404.
         */
        get: operations["listGalleries"];
        put?: never;
        /**
         * Create a draft gallery from a shoot's ready keepers, in capture order
         * @description Needs the photographer role or above in the shoot's workspace (403 below it; 404 when the caller does not reach the shoot). Creates a draft gallery holding the shoot's ready keepers in capture order, emits gallery.created and returns the gallery with 201. A shoot without ready keepers is refused with 400 invalid_input and nothing is created.
         */
        post: operations["createGallery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/galleries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one gallery with all its photos in order and signed URLs (1 hour)
         * @description Any member of the gallery's workspace, or a client session opened for this gallery, may read it. Returns the gallery with its photos in order, each with a URL to the web derivative signed for 1 hour (original_url only for photographer roles); photos_limit asks for only the first photos (a page that shows them at once), and a very large gallery carries its first photos; either way photos_next_cursor continues with /photos. The answer is gzip-encoded when Accept-Encoding allows it; a gallery of another tenant, or not the client session's gallery, is 404.
         */
        get: operations["getGallery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/galleries/{id}/favorites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a photo of the gallery as a favorite of the caller (idempotent)
         * @description A member of the gallery's workspace or the gallery's client session may call it. Marks the photo (photo_id in the body, or photo_id / photoId in the query) as a favorite of the caller and returns gallery_id, photo_id and favorite: true; marking it again changes nothing. A photo that is not in the gallery is 404.
         */
        post: operations["addFavorite"];
        /**
         * Remove the favorite mark of the caller from a photo (idempotent; the body may be left out)
         * @description Same callers and photo_id rule as POST /galleries/{id}/favorites. Removes the caller's favorite mark from the photo and returns favorite: false; removing a mark that is not there changes nothing. A photo that is not in the gallery is 404.
         */
        delete: operations["removeFavorite"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/galleries/{id}/photos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Page through the photos of a gallery (keyset cursor on order_index, photo_id)
         * @description Same callers as GET /galleries/{id}. Returns a page of the gallery's photos in order (limit 1 to 200, default 200) with next_cursor, an opaque keyset cursor on (order_index, photo_id); original_url appears only for photographer roles. A legacy decimal-offset cursor is still accepted for one release; the next cursor is always an opaque one.
         *
         *     **Deprecated input:** A decimal-offset `cursor` (e.g. `?cursor=40`) is deprecated since 2026-11-01 and stops working on 2027-05-01; the answers to a request that uses it carry `Deprecation`, `Sunset` and a `Link` to [the migration guide](/api/v1/docs#section/Migrating-from-offset-cursors).
         */
        get: operations["listGalleryPhotos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/galleries/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish a draft gallery (again: no change) and get its portal token
         * @description Needs the photographer role or above in the gallery's workspace (403 below it, 404 outside the caller's tenant). Moves a draft gallery to published, mints its portal token and emits gallery.published; returns the gallery with the portal token. Publishing again changes nothing and emits nothing but returns the same portal token, so a lost answer can be recovered by calling again.
         */
        post: operations["publishGallery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List invoices, newest first
         * @description Any member may call it; workspace_id is optional and, when left out, the list covers every workspace the token reaches. Returns one page of invoices, newest first, with next_cursor (limit 1 to 100). A workspace_id the caller does not reach is 404.
         */
        get: operations["listInvoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mobile/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Upcoming shoots, open tasks, recent paid orders and counts
         * @description Any member may call it; workspace_id is optional and, when left out, the dashboard covers every workspace the token reaches. Returns in one read what the mobile home screen shows: upcoming shoots, open tasks, recent paid orders and counts. A workspace_id the caller does not reach is 404.
         */
        get: operations["getMobileDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This OpenAPI 3.1 document of the public API
         * @description No authentication needed. Returns the OpenAPI 3.1 document of the public API, merged by the gateway from the route definitions of the services behind it, as JSON. Limited per client address (60 a minute by default): keep the document and revalidate it with If-None-Match, which answers 304 while it is unchanged.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the paid orders of a workspace, newest first
         * @description Any member of the workspace named by workspace_id (required) may call it. Returns one page of its paid print-store orders, newest first, with next_cursor; it serves as a polling fallback for the payment.received trigger. A workspace the caller does not reach is 404.
         */
        get: operations["listPaidOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/photos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a single-shot upload: a pending photo and a presigned PUT URL for its bytes
         * @description Needs the photographer role or above in the shoot's workspace (403 below it, 404 outside the caller's tenant). Reserves a pending photo and returns it with 201 and a presigned PUT URL signed for the declared size and content type; PUT the bytes there, then call POST /photos/{id}/finalize. A file larger than the single-shot limit is 400 (use an upload session); a photo never finalized is failed once its upload URL has expired.
         */
        post: operations["createPhoto"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/photos/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one photo (a pending one carries a fresh upload URL for photographer roles)
         * @description Any member of the photo's workspace may read it. Returns the photo; while it is pending, callers with the photographer role or above also get a fresh upload URL (and its upload window is extended to that URL's expiry) so a failed PUT can be retried. A photo of another tenant is 404.
         */
        get: operations["getPhoto"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/photos/{id}/finalize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check the uploaded object and start processing; again later: the current state (poll for ready)
         * @description Needs the photographer role or above in the photo's workspace. Checks the uploaded object against the declared size and SHA-256 and moves the photo to processing, emitting photo.uploaded; a failed check is 400 and the photo stays pending, so the bytes can be PUT again. On a photo already past pending it returns the current state without a second event, which is how a client polls for ready.
         */
        post: operations["finalizePhoto"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search clients, leads, shoots, galleries, albums and orders of one workspace
         * @description Any member of the workspace named by workspace_id (required) may search it. q is matched, typo-tolerant and by prefix, across clients, leads, shoots, galleries, albums and orders; types (comma-separated) narrows the kinds and an unknown type is dropped. Returns items ordered by relevance with an opaque next_cursor (limit 1 to 50); malformed query text is sanitised, never a 500.
         */
        get: operations["search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shoots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the shoots of a workspace, newest first
         * @description Any member of the workspace named by workspace_id (required) may call it. Returns one page of its shoots, newest first, with next_cursor (limit 1 to 100). A workspace the caller does not reach is 404.
         */
        get: operations["listShoots"];
        put?: never;
        /**
         * Create a planned shoot with a slug unique in its workspace
         * @description Needs the photographer role or above in the workspace named in the body (403 below it, 404 outside the caller's tenant). Creates a planned shoot whose slug is made unique in the workspace, emits shoot.created and returns it with 201. Takes an Idempotency-Key header: the same key with the same body returns the first answer, with a different body 422.
         */
        post: operations["createShoot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shoots/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one shoot with its shot-list items
         * @description Any member of the shoot's workspace may read it. Returns the shoot with its shot-list items and their done flags. A shoot of another tenant, or outside the token's workspaces, is 404.
         */
        get: operations["getShoot"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/shoots/{id}/shot-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Tick or untick one shot-list item (idempotent)
         * @description Needs the photographer role or above in the shoot's workspace (403 below it, 404 outside the caller's tenant). Sets one shot-list item done or not done and returns the shoot; a change emits shoot.updated, and the tick that completes the list of a planned shoot also emits shoot.completed. An item already in the asked state changes nothing and emits nothing.
         */
        patch: operations["updateShotListItem"];
        trace?: never;
    };
    "/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tasks, newest first
         * @description Any member may call it; workspace_id is optional and, when left out, the list covers every workspace the token reaches. Returns one page of tasks, newest first, with next_cursor (limit 1 to 100). A workspace_id the caller does not reach is 404.
         */
        get: operations["listTasks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload-sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open a multipart upload session for a shoot
         * @description Needs the photographer role or above in the shoot's workspace (403 below it, 404 outside the caller's tenant). Opens an in-flight multipart upload session for the shoot and returns it with 201; register its files next. A session left idle too long expires.
         */
        post: operations["createUploadSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload-sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a session with its files and recorded parts
         * @description Any member of the session's workspace may read it. Returns the session with its files, their states and the parts recorded so far. A session of another tenant is 404.
         */
        get: operations["getUploadSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload-sessions/{id}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register one or several files; each gets its own multipart upload
         * @description Needs the photographer role or above in the session's workspace. Registers the files (name, content type, size, SHA-256, optional part size), starts one object-store multipart upload per file and returns each file with its part size and part count, with 201. Too many files is 400; a paused, finalized or expired session is 409.
         */
        post: operations["registerUploadFiles"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload-sessions/{id}/files/{fileId}/abort": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Abort one file and free its uploaded parts
         * @description Needs the photographer role or above in the session's workspace. Aborts the file's multipart upload, which frees its uploaded parts, and returns the file as aborted; aborting an aborted file again returns it unchanged. A completed file is 409.
         */
        post: operations["abortUploadFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload-sessions/{id}/files/{fileId}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Assemble a file from its recorded parts and create its photo
         * @description Needs the photographer role or above in the session's workspace. Assembles the file from its recorded parts and creates its photo in processing, emitting photo.uploaded, as a single-shot finalize does. Parts without a recorded ETag are 400 and every recorded part is kept; an assembled object of the wrong size or hash is deleted and the file restarts with a fresh multipart upload (also 400).
         */
        post: operations["completeUploadFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload-sessions/{id}/files/{fileId}/parts/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record the ETag the object store returned for one uploaded part
         * @description Needs the photographer role or above in the session's workspace. Records the ETag the object store returned for one uploaded part, so the file can be assembled and a resume knows the part is done; allowed while the session is paused. A part number beyond the file's part count is 400; a finalized or expired session, or a completed or aborted file, is 409.
         */
        post: operations["recordUploadPart"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload-sessions/{id}/files/{fileId}/parts/sign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Presigned UploadPart URLs for some parts of a file (409 while the session is paused)
         * @description Needs the photographer role or above in the session's workspace. Returns presigned PUT URLs for the asked part numbers of an uploading file, each signed for that part's exact size. A part number beyond the file's part count is 400; a paused, finalized or expired session, or a completed or aborted file, is 409.
         */
        post: operations["signUploadParts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload-sessions/{id}/finalize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Close the session; files still uploading are aborted and reported in incomplete_files
         * @description Needs the photographer role or above in the session's workspace. Closes the session: files still uploading are aborted (their parts freed), listed in incomplete_files and kept on the session with abort_reason session_finalized. Finalizing again returns the same report; an expired session is 409.
         */
        post: operations["finalizeUploadSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload-sessions/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause an in-flight session (signing is refused until it is unpaused)
         * @description Needs the photographer role or above in the session's workspace. Moves an in-flight session to paused and returns it; while it is paused, signing part URLs, registering files and resuming are refused with 409. Pausing a paused session changes nothing; a finalized or expired session is 409.
         */
        post: operations["pauseUploadSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload-sessions/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume manifest: per file the parts done with ETags, the parts missing and fresh URLs for them
         * @description Needs the photographer role or above in the session's workspace. Returns the session and, per file, the parts done with their ETags, the part numbers still missing and fresh presigned URLs for a first batch of them (sign the rest with parts/sign). A paused, finalized or expired session is 409.
         */
        post: operations["resumeUploadSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload-sessions/{id}/unpause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Put a paused session in flight again
         * @description Needs the photographer role or above in the session's workspace. Moves a paused session back in flight so part URLs can be signed again, and returns it; unpausing an in-flight session changes nothing. A finalized or expired session is 409.
         */
        post: operations["unpauseUploadSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-deliveries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One delivery with its payload and every attempt
         * @description Any member of the delivery's workspace may call it. Returns the delivery with its event payload and every attempt made so far. A delivery of another tenant is 404.
         */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-deliveries/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the same event (same X-Service-Event-Id) again, with a fresh retry schedule
         * @description Needs the admin role or above in the delivery's workspace (403 below it, 404 outside the caller's tenant). Starts a new delivery cycle of the same event with a fresh retry schedule, so the subscriber sees the same X-Service-Event-Id again, and answers 202 with the delivery. A delivery whose endpoint is inactive is 409: subscribe again first.
         */
        post: operations["replayWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints of a workspace (never with their secrets)
         * @deprecated
         * @description Deprecated: prefer /webhooks/subscriptions. Any member of the workspace named by workspace_id (required) may call it; kind selects legacy endpoints (the default), subscriptions or all. Returns a page with next_cursor; signing secrets are never included.
         *
         *     **Deprecated** since 2026-11-01; it stops working on 2027-05-01. Its answers, its own refusals included, carry `Deprecation`, `Sunset` and a `Link` to [the migration guide](/api/v1/docs#section/Migrating-from-webhook-endpoints).
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Register a legacy endpoint; the signing secret is returned this once
         * @deprecated
         * @description Deprecated: prefer POST /webhooks/subscriptions. Needs the admin role or above (403 below it). Registers a legacy endpoint for some of gallery.published, gallery.delivered and ai.cull.completed and returns it with 201 and its signing_secret, shown this once. Takes Idempotency-Key; a refused target URL is 400 and a workspace at its limit of active endpoints is 409.
         *
         *     **Deprecated** since 2026-11-01; it stops working on 2027-05-01. Its answers, its own refusals included, carry `Deprecation`, `Sunset` and a `Link` to [the migration guide](/api/v1/docs#section/Migrating-from-webhook-endpoints).
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Hard-delete an endpoint and its delivery history
         * @deprecated
         * @description Deprecated. Needs the admin role or above in the endpoint's workspace (403 below it, 404 outside the caller's tenant). Hard-deletes the endpoint, of either kind, with its deliveries and their attempts, and answers deleted: true.
         *
         *     **Deprecated** since 2026-11-01; it stops working on 2027-05-01. Its answers, its own refusals included, carry `Deprecation`, `Sunset` and a `Link` to [the migration guide](/api/v1/docs#section/Migrating-from-webhook-endpoints).
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delivery history of an endpoint, newest first, with the last status and error body
         * @description Any member of the endpoint's workspace may call it. Returns a page of the endpoint's deliveries, newest first, each with its state, last HTTP status and error body, and next_cursor; state filters by delivery state. An endpoint of another tenant is 404.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret; the new one is returned this once, the old one signs v0 for 24 h
         * @description Needs the admin role or above in the endpoint's workspace (403 below it, 404 outside the caller's tenant). Generates a new signing secret, returned this once; for 24 hours deliveries carry v1 signed with the new secret and v0 signed with the old one. It is also how an admin obtains the secret of a REST-hook subscription.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send one test delivery of example data to an endpoint or subscription
         * @description Needs the admin role or above in the endpoint's workspace (403 below it, 404 outside the caller's tenant); {id} is a legacy endpoint's or a subscription's id. Sends one delivery to this endpoint only: a new event (fresh id) of the type named in the optional body, or else of the first type the endpoint subscribes to, whose data is example data valid for that type. It is signed exactly as real deliveries are, carries X-Service-Test: true, is retried on failure and can be replayed like any other, and appears in the endpoint's delivery history with test: true. It is never a domain event: nothing else receives it. Answers 201 with the delivery (pending). A type the endpoint does not subscribe to is 400; an inactive subscription is 409. Takes Idempotency-Key.
         */
        post: operations["sendTestWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register or reactivate a REST-hook subscription (no secret in the answer)
         * @description Needs the admin role or above in the workspace (workspace_id in the body, optional for a token scoped to one workspace). Registers a REST-hook subscription of target_url to one event, or reactivates the existing one for the same target and event (same id and history); answers 201 with created telling which. Takes Idempotency-Key; the signing secret is not returned (obtain it with rotate-secret).
         */
        post: operations["subscribeWebhook"];
        /**
         * Remove a subscription; a repeated delete answers deleted: false
         * @description Needs the admin role or above in the subscription's workspace. The JSON body names the subscription by id, or by workspace_id, target_url and event; it is deactivated. Returns deleted: true, or deleted: false when there was no active subscription, so repeated deletes are safe.
         */
        delete: operations["unsubscribeWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspaces the token's owner belongs to, newest first
         * @description Any valid API token may call it. Returns one page of the workspaces the token's owner belongs to, newest first, with next_cursor; a token scoped to one workspace sees only that workspace.
         */
        get: operations["listWorkspaces"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "gallery.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * gallery.created
         * @description A gallery was created (`POST /galleries`). Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to `gallery.created`.
         */
        post: operations["onGalleryCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "gallery.published": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * gallery.published
         * @description A gallery was published for the first time (`POST /galleries/{id}/publish`; a repeated publish emits nothing). Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to `gallery.published`.
         */
        post: operations["onGalleryPublished"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "gallery.delivered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * gallery.delivered
         * @description The gallery's customer opened its first client session (`POST /client-sessions`), once per gallery. Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to `gallery.delivered`.
         */
        post: operations["onGalleryDelivered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "shoot.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * shoot.created
         * @description A shoot was created (`POST /shoots`). Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to `shoot.created`.
         */
        post: operations["onShootCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "shoot.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * shoot.completed
         * @description A planned shoot completed, once: its whole shot list was ticked, or its scheduled end passed. Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to `shoot.completed`.
         */
        post: operations["onShootCompleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "photo.uploaded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * photo.uploaded
         * @description A photo was uploaded (single-shot finalize, or an upload-session file completed); it also starts the derivative job. Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to `photo.uploaded`.
         */
        post: operations["onPhotoUploaded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "ai_job.done": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * ai_job.done
         * @description An AI job finished, succeeded or failed. Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to `ai_job.done`.
         */
        post: operations["onAiJobDone"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "ai.cull.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * ai.cull.completed
         * @description A cull job succeeded: the shoot's keeper flags are set (emitted with its `ai_job.done`). Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to `ai.cull.completed`.
         */
        post: operations["onAiCullCompleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment.received
         * @description An invoice was paid (with `invoice.paid`) or an order became paid: exactly these two operations. Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to `payment.received`.
         */
        post: operations["onPaymentReceived"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.shipped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.shipped
         * @description An order moved from sent_to_print to shipped. Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to `order.shipped`.
         */
        post: operations["onOrderShipped"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.created
         * @description An order was created (`CreateOrder`, or the import the demo seed uses). Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to `order.created`.
         */
        post: operations["onOrderCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.sent_to_print": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.sent_to_print
         * @description An order moved to sent_to_print. Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to `order.sent_to_print`.
         */
        post: operations["onOrderSentToPrint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.delivered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.delivered
         * @description An order moved from shipped to delivered. Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to `order.delivered`.
         */
        post: operations["onOrderDelivered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.cancelled
         * @description An order was cancelled. Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to `order.cancelled`.
         */
        post: operations["onOrderCancelled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.refunded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.refunded
         * @description An order was refunded. Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to `order.refunded`.
         */
        post: operations["onOrderRefunded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.needs_intervention": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.needs_intervention
         * @description An order needs a human (from sent_to_print or shipped). Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to `order.needs_intervention`.
         */
        post: operations["onOrderNeedsIntervention"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "client.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * client.created
         * @description A client was created (`POST /clients`). Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to `client.created`.
         */
        post: operations["onClientCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "booking.requested": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * booking.requested
         * @description A booking was requested (`RequestBooking`). Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to `booking.requested`.
         */
        post: operations["onBookingRequested"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "booking.accepted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * booking.accepted
         * @description A requested booking was accepted. Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to `booking.accepted`.
         */
        post: operations["onBookingAccepted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "booking.declined": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * booking.declined
         * @description A requested booking was declined. Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to `booking.declined`.
         */
        post: operations["onBookingDeclined"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "proposal.sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * proposal.sent
         * @description A draft proposal was sent. Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to `proposal.sent`.
         */
        post: operations["onProposalSent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "proposal.viewed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * proposal.viewed
         * @description A sent proposal was viewed. Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to `proposal.viewed`.
         */
        post: operations["onProposalViewed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "proposal.accepted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * proposal.accepted
         * @description A sent or viewed proposal was accepted. Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to `proposal.accepted`.
         */
        post: operations["onProposalAccepted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "proposal.declined": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * proposal.declined
         * @description A sent or viewed proposal was declined. Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to `proposal.declined`.
         */
        post: operations["onProposalDeclined"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "proposal.expired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * proposal.expired
         * @description A sent or viewed proposal's `expires_at` passed (scheduler). Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to `proposal.expired`.
         */
        post: operations["onProposalExpired"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "contract.signed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * contract.signed
         * @description A sent contract was signed. Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to `contract.signed`.
         */
        post: operations["onContractSigned"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "invoice.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * invoice.paid
         * @description A draft or sent invoice was paid (with `payment.received`). Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to `invoice.paid`.
         */
        post: operations["onInvoicePaid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "review.approved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * review.approved
         * @description A pending review was approved. Sent as a signed POST to every active endpoint and subscription of the workspace that subscribes to `review.approved`.
         */
        post: operations["onReviewApproved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description The body of a `ai.cull.completed` delivery. */
        AiCullCompletedEvent: {
            /**
             * Format: uuid
             * @description The event id; X-Service-Event-Id carries the same.
             */
            id: string;
            /** @constant */
            type: "ai.cull.completed";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            created_at: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * @description The year-month version of the payload, `2026-11` today.
             * @example 2026-11
             */
            api_version: string;
            data: {
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
        };
        AiJob: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            workspace_id: string;
            /** Format: uuid */
            shoot_id: string;
            /** @description cull */
            type: string;
            /** @enum {string} */
            state: "queued" | "running" | "succeeded" | "failed";
            sensitivity: string | null;
            progress: {
                done: number;
                total: number;
            };
            /** @description Set when the job succeeded: the cull's decisions and thresholds. */
            result: components["schemas"]["CullJobResult"] | null;
            error: string | null;
            attempts: number;
            /** Format: date-time */
            created_at: string;
            started_at: string | null;
            finished_at: string | null;
        };
        /** @description The body of a `ai_job.done` delivery. */
        AiJobDoneEvent: {
            /**
             * Format: uuid
             * @description The event id; X-Service-Event-Id carries the same.
             */
            id: string;
            /** @constant */
            type: "ai_job.done";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            created_at: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * @description The year-month version of the payload, `2026-11` today.
             * @example 2026-11
             */
            api_version: string;
            data: {
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
        };
        /** @description The body of a `booking.accepted` delivery. */
        BookingAcceptedEvent: {
            /**
             * Format: uuid
             * @description The event id; X-Service-Event-Id carries the same.
             */
            id: string;
            /** @constant */
            type: "booking.accepted";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            created_at: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * @description The year-month version of the payload, `2026-11` today.
             * @example 2026-11
             */
            api_version: string;
            /** @description The booking with its new `status`; `decided_at` set on accepted and declined, `decline_reason` when given. */
            data: {
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
        };
        /** @description The body of a `booking.declined` delivery. */
        BookingDeclinedEvent: {
            /**
             * Format: uuid
             * @description The event id; X-Service-Event-Id carries the same.
             */
            id: string;
            /** @constant */
            type: "booking.declined";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            created_at: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * @description The year-month version of the payload, `2026-11` today.
             * @example 2026-11
             */
            api_version: string;
            /** @description The booking with its new `status`; `decided_at` set on accepted and declined, `decline_reason` when given. */
            data: {
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
        };
        /** @description The body of a `booking.requested` delivery. */
        BookingRequestedEvent: {
            /**
             * Format: uuid
             * @description The event id; X-Service-Event-Id carries the same.
             */
            id: string;
            /** @constant */
            type: "booking.requested";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            created_at: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * @description The year-month version of the payload, `2026-11` today.
             * @example 2026-11
             */
            api_version: string;
            /** @description The booking with its new `status`; `decided_at` set on accepted and declined, `decline_reason` when given. */
            data: {
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
        };
        Client: {
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
        };
        /** @description The body of a `client.created` delivery. */
        ClientCreatedEvent: {
            /**
             * Format: uuid
             * @description The event id; X-Service-Event-Id carries the same.
             */
            id: string;
            /** @constant */
            type: "client.created";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            created_at: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * @description The year-month version of the payload, `2026-11` today.
             * @example 2026-11
             */
            api_version: string;
            data: {
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
        };
        ClientSession: {
            /** @description A bearer for the routes of this one gallery (security scheme clientSession). */
            bearer: string;
            /** Format: date-time */
            expires_at: string;
            /** Format: uuid */
            gallery_id: string;
        };
        ConflictError: {
            /** @constant */
            ok: false;
            /** @constant */
            error: "conflict";
            /** @description For people; not stable. */
            message?: string;
        };
        /** @description The body of a `contract.signed` delivery. */
        ContractSignedEvent: {
            /**
             * Format: uuid
             * @description The event id; X-Service-Event-Id carries the same.
             */
            id: string;
            /** @constant */
            type: "contract.signed";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            created_at: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * @description The year-month version of the payload, `2026-11` today.
             * @example 2026-11
             */
            api_version: string;
            /** @description The contract with `status: "signed"`, `signed_at` and `signed_by`. */
            data: {
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
        };
        CullDecision: {
            /** Format: uuid */
            photo_id: string;
            /** @enum {string} */
            decision: "keeper" | "reject";
            /**
             * @description Never null. A reject: underexposed, overexposed, blurry, duplicate (exposure before blur before duplicate). A keeper: sharp_and_well_exposed, best_of_near_duplicates.
             * @enum {string}
             */
            reason: "underexposed" | "overexposed" | "blurry" | "duplicate" | "sharp_and_well_exposed" | "best_of_near_duplicates";
            scores: {
                sharpness: number;
                mean_luminance: number;
                clipped_share: number;
            };
            /** @description Id of its near-duplicate group (dup:<photo id>), null when it has none. */
            duplicate_group: string | null;
            /** @description The best frame of its group (a keeper, or rejected when no frame of the group passed). */
            best_in_group: boolean;
            /** @description For people: the rule that decided, with the numbers and thresholds. */
            explanation: string;
        };
        CullJobResult: {
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
            /** @description The thresholds that decided; null only for jobs finished before they were recorded. */
            thresholds: components["schemas"]["CullThresholds"] | null;
            /** @description One decision per culled photo. */
            photos: components["schemas"]["CullDecision"][];
        };
        CullThresholds: {
            /** @description Underexposed when the mean luminance (0..1) is below this (and the brightest 1% is below under_p99). */
            under_mean: number;
            /** @description Guard: a frame whose brightest 1% reaches this luminance is never underexposed (low-key). */
            under_p99: number;
            /** @description Overexposed when the mean luminance is above this (and the darkest 1% is above over_p01). */
            over_mean: number;
            /** @description Guard: a frame whose darkest 1% is at or below this luminance is never overexposed (high-key). */
            over_p01: number;
            /** @description Underexposed when this share of pixels is crushed black (and the under_p99 guard fails). */
            dark_clip: number;
            /** @description Overexposed when this share of pixels is blown white (and the over_p01 guard fails). */
            bright_clip: number;
            /** @description Blurry below blur_ratio x sharpness_reference (the shoot median). */
            blur_ratio: number;
            /** @description Blurry below this sharpness whatever the shoot (Laplacian variance on the 1024 px proxy). */
            blur_floor: number;
            /** @description Blurry below group_blur_ratio x the sharpest well-exposed frame of the photo's near-duplicate group. */
            group_blur_ratio: number;
            /** @description Near-duplicates: perceptual distance (dHash + pHash differing bits) at most this... */
            dup_distance: number;
            /** @description ...or at most this when either capture time is unknown. */
            dup_distance_untimed: number;
            /** @description ...and capture times at most this many seconds apart. */
            dup_window_s: number;
            /** @description Median sharpness of the shoot's well-exposed photos. */
            sharpness_reference: number;
            /** @description The sharpness a well-exposed photo needed: max(blur_floor, blur_ratio x sharpness_reference). */
            sharpness_threshold: number;
        };
        Dashboard: {
            /** @description Planned shoots starting from now, soonest first (at most 5). */
            upcoming_shoots: components["schemas"]["Shoot"][];
            /** @description Open tasks, soonest due first (at most 10). */
            open_tasks: components["schemas"]["Task"][];
            /** @description Most recently paid orders (at most 5). */
            recent_orders: components["schemas"]["Order"][];
            counts: {
                upcoming_shoots: number;
                open_tasks: number;
                clients: number;
                paid_orders_30d: number;
            };
            /** Format: date-time */
            generated_at: string;
        };
        Favorite: {
            /** Format: uuid */
            gallery_id: string;
            /** Format: uuid */
            photo_id: string;
            favorite: boolean;
        };
        ForbiddenError: {
            /** @constant */
            ok: false;
            /** @constant */
            error: "forbidden";
            /** @description For people; not stable. */
            message?: string;
        };
        Gallery: {
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
        };
        /** @description The body of a `gallery.created` delivery. */
        GalleryCreatedEvent: {
            /**
             * Format: uuid
             * @description The event id; X-Service-Event-Id carries the same.
             */
            id: string;
            /** @constant */
            type: "gallery.created";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            created_at: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * @description The year-month version of the payload, `2026-11` today.
             * @example 2026-11
             */
            api_version: string;
            /** @description Exactly these five members (fixed by spec section 6), nothing else. */
            data: {
                /** Format: uuid */
                gallery_id: string;
                /** Format: uuid */
                shoot_id: string;
                title: string;
                slug: string;
                photo_count: number;
            };
        };
        /** @description The body of a `gallery.delivered` delivery. */
        GalleryDeliveredEvent: {
            /**
             * Format: uuid
             * @description The event id; X-Service-Event-Id carries the same.
             */
            id: string;
            /** @constant */
            type: "gallery.delivered";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            created_at: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * @description The year-month version of the payload, `2026-11` today.
             * @example 2026-11
             */
            api_version: string;
            data: {
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
        };
        GalleryDetail: {
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
            /**
             * Format: date-time
             * @description When the signed URLs of this answer stop working.
             */
            urls_expire_at: string;
            /** @description Set when the gallery has more photos than one read carries: continue with GET /galleries/{id}/photos. */
            photos_next_cursor: string | null;
            photos: components["schemas"]["GalleryPhoto"][];
        };
        GalleryPhoto: {
            /**
             * Format: uuid
             * @description The photo id.
             */
            id: string;
            /** @description Position in the gallery, from 0. */
            order_index: number;
            /** @description The web derivative, signed for 1 hour. */
            url: string;
            /** @description The thumbnail, signed for 1 hour. */
            thumbnail_url: string;
            width: number;
            height: number;
            /** @description Marked as a favorite by the caller. */
            favorite: boolean;
            /** @description The original file, signed for 1 hour; only for photographer roles (absent otherwise). */
            original_url?: string;
        };
        /** @description The body of a `gallery.published` delivery. */
        GalleryPublishedEvent: {
            /**
             * Format: uuid
             * @description The event id; X-Service-Event-Id carries the same.
             */
            id: string;
            /** @constant */
            type: "gallery.published";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            created_at: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * @description The year-month version of the payload, `2026-11` today.
             * @example 2026-11
             */
            api_version: string;
            data: {
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
        };
        IdempotencyConflictError: {
            /** @constant */
            ok: false;
            /** @constant */
            error: "idempotency_conflict";
            /** @description For people; not stable. */
            message?: string;
        };
        InternalError: {
            /** @constant */
            ok: false;
            /** @constant */
            error: "internal";
            /** @description For people; not stable. */
            message?: string;
            /** @description The X-Request-Id of the request, for the operator. */
            request_id: string;
        };
        InvalidInputError: {
            /** @constant */
            ok: false;
            /** @constant */
            error: "invalid_input";
            /** @description For people; not stable. */
            message?: string;
            /** @description Each invalid input, e.g. path `body.title`. */
            issues?: {
                path: string;
                message: string;
            }[];
        };
        Invoice: {
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
        };
        /** @description The body of a `invoice.paid` delivery. */
        InvoicePaidEvent: {
            /**
             * Format: uuid
             * @description The event id; X-Service-Event-Id carries the same.
             */
            id: string;
            /** @constant */
            type: "invoice.paid";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            created_at: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * @description The year-month version of the payload, `2026-11` today.
             * @example 2026-11
             */
            api_version: string;
            /** @description The invoice with `status: "paid"` and `paid_at`. */
            data: {
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
        };
        NotFoundError: {
            /** @constant */
            ok: false;
            /** @constant */
            error: "not_found";
        };
        Order: {
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
        };
        /** @description The body of a `order.cancelled` delivery. */
        OrderCancelledEvent: {
            /**
             * Format: uuid
             * @description The event id; X-Service-Event-Id carries the same.
             */
            id: string;
            /** @constant */
            type: "order.cancelled";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            created_at: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * @description The year-month version of the payload, `2026-11` today.
             * @example 2026-11
             */
            api_version: string;
            /** @description A transition's `order.updated` and its public event carry the same data. */
            data: {
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
        };
        /** @description The body of a `order.created` delivery. */
        OrderCreatedEvent: {
            /**
             * Format: uuid
             * @description The event id; X-Service-Event-Id carries the same.
             */
            id: string;
            /** @constant */
            type: "order.created";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            created_at: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * @description The year-month version of the payload, `2026-11` today.
             * @example 2026-11
             */
            api_version: string;
            /** @description A transition's `order.updated` and its public event carry the same data. */
            data: {
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
        };
        /** @description The body of a `order.delivered` delivery. */
        OrderDeliveredEvent: {
            /**
             * Format: uuid
             * @description The event id; X-Service-Event-Id carries the same.
             */
            id: string;
            /** @constant */
            type: "order.delivered";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            created_at: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * @description The year-month version of the payload, `2026-11` today.
             * @example 2026-11
             */
            api_version: string;
            /** @description A transition's `order.updated` and its public event carry the same data. */
            data: {
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
        };
        /** @description The body of a `order.needs_intervention` delivery. */
        OrderNeedsInterventionEvent: {
            /**
             * Format: uuid
             * @description The event id; X-Service-Event-Id carries the same.
             */
            id: string;
            /** @constant */
            type: "order.needs_intervention";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            created_at: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * @description The year-month version of the payload, `2026-11` today.
             * @example 2026-11
             */
            api_version: string;
            /** @description A transition's `order.updated` and its public event carry the same data. */
            data: {
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
        };
        /** @description The body of a `order.refunded` delivery. */
        OrderRefundedEvent: {
            /**
             * Format: uuid
             * @description The event id; X-Service-Event-Id carries the same.
             */
            id: string;
            /** @constant */
            type: "order.refunded";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            created_at: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * @description The year-month version of the payload, `2026-11` today.
             * @example 2026-11
             */
            api_version: string;
            /** @description A transition's `order.updated` and its public event carry the same data. */
            data: {
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
        };
        /** @description The body of a `order.sent_to_print` delivery. */
        OrderSentToPrintEvent: {
            /**
             * Format: uuid
             * @description The event id; X-Service-Event-Id carries the same.
             */
            id: string;
            /** @constant */
            type: "order.sent_to_print";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            created_at: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * @description The year-month version of the payload, `2026-11` today.
             * @example 2026-11
             */
            api_version: string;
            /** @description A transition's `order.updated` and its public event carry the same data. */
            data: {
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
        };
        /** @description The body of a `order.shipped` delivery. */
        OrderShippedEvent: {
            /**
             * Format: uuid
             * @description The event id; X-Service-Event-Id carries the same.
             */
            id: string;
            /** @constant */
            type: "order.shipped";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            created_at: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * @description The year-month version of the payload, `2026-11` today.
             * @example 2026-11
             */
            api_version: string;
            /** @description A transition's `order.updated` and its public event carry the same data. */
            data: {
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
        };
        /** @description The body of a `payment.received` delivery. */
        PaymentReceivedEvent: {
            /**
             * Format: uuid
             * @description The event id; X-Service-Event-Id carries the same.
             */
            id: string;
            /** @constant */
            type: "payment.received";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            created_at: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * @description The year-month version of the payload, `2026-11` today.
             * @example 2026-11
             */
            api_version: string;
            data: {
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
        };
        Photo: {
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
        };
        /** @description The body of a `photo.uploaded` delivery. */
        PhotoUploadedEvent: {
            /**
             * Format: uuid
             * @description The event id; X-Service-Event-Id carries the same.
             */
            id: string;
            /** @constant */
            type: "photo.uploaded";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            created_at: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * @description The year-month version of the payload, `2026-11` today.
             * @example 2026-11
             */
            api_version: string;
            data: {
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
        };
        Portal: {
            prefix: string;
            /** @enum {string} */
            state: "active" | "suspended" | "expired";
            /** Format: date-time */
            expires_at: string;
            /** Format: date-time */
            created_at: string;
        };
        /** @description The body of a `proposal.accepted` delivery. */
        ProposalAcceptedEvent: {
            /**
             * Format: uuid
             * @description The event id; X-Service-Event-Id carries the same.
             */
            id: string;
            /** @constant */
            type: "proposal.accepted";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            created_at: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * @description The year-month version of the payload, `2026-11` today.
             * @example 2026-11
             */
            api_version: string;
            /** @description The proposal with its new `status`: `sent_at` and `expires_at` set from sent on, `viewed_at` from viewed, `decided_at` on accepted, declined and expired, `decline_reason` when given. */
            data: {
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
        };
        /** @description The body of a `proposal.declined` delivery. */
        ProposalDeclinedEvent: {
            /**
             * Format: uuid
             * @description The event id; X-Service-Event-Id carries the same.
             */
            id: string;
            /** @constant */
            type: "proposal.declined";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            created_at: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * @description The year-month version of the payload, `2026-11` today.
             * @example 2026-11
             */
            api_version: string;
            /** @description The proposal with its new `status`: `sent_at` and `expires_at` set from sent on, `viewed_at` from viewed, `decided_at` on accepted, declined and expired, `decline_reason` when given. */
            data: {
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
        };
        /** @description The body of a `proposal.expired` delivery. */
        ProposalExpiredEvent: {
            /**
             * Format: uuid
             * @description The event id; X-Service-Event-Id carries the same.
             */
            id: string;
            /** @constant */
            type: "proposal.expired";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            created_at: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * @description The year-month version of the payload, `2026-11` today.
             * @example 2026-11
             */
            api_version: string;
            /** @description The proposal with its new `status`: `sent_at` and `expires_at` set from sent on, `viewed_at` from viewed, `decided_at` on accepted, declined and expired, `decline_reason` when given. */
            data: {
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
        };
        /** @description The body of a `proposal.sent` delivery. */
        ProposalSentEvent: {
            /**
             * Format: uuid
             * @description The event id; X-Service-Event-Id carries the same.
             */
            id: string;
            /** @constant */
            type: "proposal.sent";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            created_at: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * @description The year-month version of the payload, `2026-11` today.
             * @example 2026-11
             */
            api_version: string;
            /** @description The proposal with its new `status`: `sent_at` and `expires_at` set from sent on, `viewed_at` from viewed, `decided_at` on accepted, declined and expired, `decline_reason` when given. */
            data: {
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
        };
        /** @description The body of a `proposal.viewed` delivery. */
        ProposalViewedEvent: {
            /**
             * Format: uuid
             * @description The event id; X-Service-Event-Id carries the same.
             */
            id: string;
            /** @constant */
            type: "proposal.viewed";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            created_at: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * @description The year-month version of the payload, `2026-11` today.
             * @example 2026-11
             */
            api_version: string;
            /** @description The proposal with its new `status`: `sent_at` and `expires_at` set from sent on, `viewed_at` from viewed, `decided_at` on accepted, declined and expired, `decline_reason` when given. */
            data: {
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
        };
        PublishedGallery: {
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
            /** @description The gallery's portal token for its customer (POST /client-sessions). */
            portal_token: string;
            /**
             * @description The link to send the gallery's customer: the client portal page with the portal token in its fragment (<public URL>/portal/#<portal_token>).
             * @example https://api.studio.example/portal/#gpt_3f9a1c2b7d4e_q8ZkV1xN0pW3sT6yB9cF2hJ5mL7rD4gA1eK8uQ0iO3n
             */
            portal_url: string;
            portal: components["schemas"]["Portal"];
        };
        RateLimitedError: {
            /** @constant */
            ok: false;
            /** @constant */
            error: "rate_limited";
            /** @description For people; not stable. */
            message?: string;
        };
        ResumeFile: {
            /** Format: uuid */
            id: string;
            file_name: string;
            /** @enum {string} */
            state: "uploading" | "completed" | "aborted";
            size: number;
            part_size: number;
            part_count: number;
            photo_id: string | null;
            parts_done: components["schemas"]["UploadPart"][];
            parts_missing: number[];
            /** @description Fresh URLs for the first missing parts (sign the rest). */
            urls: components["schemas"]["SignedUploadPart"][];
        };
        /** @description The body of a `review.approved` delivery. */
        ReviewApprovedEvent: {
            /**
             * Format: uuid
             * @description The event id; X-Service-Event-Id carries the same.
             */
            id: string;
            /** @constant */
            type: "review.approved";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            created_at: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * @description The year-month version of the payload, `2026-11` today.
             * @example 2026-11
             */
            api_version: string;
            /** @description The review with `status: "approved"` and `approved_at`. */
            data: {
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
        };
        SearchResult: {
            /** @enum {string} */
            type: "client" | "lead" | "shoot" | "gallery" | "album" | "order";
            id: string;
            title: string;
            snippet: {
                field: string;
                text: string;
                highlights: number[][];
            } | null;
            rank: number;
        };
        Shoot: {
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
        };
        /** @description The body of a `shoot.completed` delivery. */
        ShootCompletedEvent: {
            /**
             * Format: uuid
             * @description The event id; X-Service-Event-Id carries the same.
             */
            id: string;
            /** @constant */
            type: "shoot.completed";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            created_at: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * @description The year-month version of the payload, `2026-11` today.
             * @example 2026-11
             */
            api_version: string;
            data: {
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
        };
        /** @description The body of a `shoot.created` delivery. */
        ShootCreatedEvent: {
            /**
             * Format: uuid
             * @description The event id; X-Service-Event-Id carries the same.
             */
            id: string;
            /** @constant */
            type: "shoot.created";
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            created_at: string;
            /** Format: uuid */
            workspace_id: string;
            /**
             * @description The year-month version of the payload, `2026-11` today.
             * @example 2026-11
             */
            api_version: string;
            data: {
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
        };
        ShootDetail: {
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
            shot_list_items: components["schemas"]["ShotListItem"][];
        };
        ShotListItem: {
            /** Format: uuid */
            id: string;
            label: string;
            position: number;
            done: boolean;
            done_at: string | null;
        };
        SignedUploadPart: {
            part_number: number;
            /** @description Presigned object-store URL. */
            url: string;
            /** @constant */
            method: "PUT";
            /** @description Headers the PUT must carry, verbatim. They are signed into the URL, so the object store refuses a PUT that differs: `content-length` is always there (the declared size of a single-shot photo; the exact size of a part, which is part_size except for the last part, which carries the rest), and a single-shot PUT also has `content-type`. */
            headers: {
                [key: string]: string;
            };
            /** Format: date-time */
            expires_at: string;
        };
        Task: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            workspace_id: string;
            title: string;
            /** @enum {string} */
            status: "open" | "done";
            due_at: string | null;
            shoot_id: string | null;
            /** Format: date-time */
            created_at: string;
            completed_at: string | null;
        };
        UnauthorizedError: {
            /** @constant */
            ok: false;
            /** @constant */
            error: "unauthorized";
            /** @description For people; not stable. */
            message?: string;
            /** @description Why, where an operation says more: POST /client-sessions answers portal_invalid, portal_expired or portal_suspended (only a holder of the real portal token learns the last two). */
            reason?: string;
        };
        UnavailableError: {
            /** @constant */
            ok: false;
            /** @constant */
            error: "unavailable";
            /** @description For people; not stable. */
            message?: string;
            /** @description The X-Request-Id of the request, for the operator. */
            request_id: string;
        };
        UploadFile: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            session_id: string;
            file_name: string;
            content_type: string;
            size: number;
            sha256: string | null;
            part_size: number;
            part_count: number;
            /** @enum {string} */
            state: "uploading" | "completed" | "aborted";
            /** @description client_abort, session_finalized or session_expired. */
            abort_reason: string | null;
            /** @description The photo made of the file, once completed. */
            photo_id: string | null;
            parts_done: number;
            /** @description The recorded parts (on session reads). */
            parts?: components["schemas"]["UploadPart"][];
            /** Format: date-time */
            created_at: string;
            completed_at: string | null;
        };
        UploadPart: {
            part_number: number;
            etag: string;
            /** Format: date-time */
            recorded_at: string;
        };
        UploadSession: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            workspace_id: string;
            /** Format: uuid */
            shoot_id: string;
            /** @enum {string} */
            state: "in_flight" | "paused" | "finalized" | "expired";
            /** Format: date-time */
            last_activity_at: string;
            /** @description Null once the session is closed. */
            expires_at: string | null;
            paused_at: string | null;
            finalized_at: string | null;
            expired_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            counts: {
                files: number;
                uploading: number;
                completed: number;
                aborted: number;
            };
            files: components["schemas"]["UploadFile"][];
        };
        UploadSessionSummary: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            workspace_id: string;
            /** Format: uuid */
            shoot_id: string;
            /** @enum {string} */
            state: "in_flight" | "paused" | "finalized" | "expired";
            /** Format: date-time */
            last_activity_at: string;
            /** @description Null once the session is closed. */
            expires_at: string | null;
            paused_at: string | null;
            finalized_at: string | null;
            expired_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        UploadTarget: {
            /** @description Presigned object-store URL. */
            url: string;
            /** @constant */
            method: "PUT";
            /** @description Headers the PUT must carry, verbatim. They are signed into the URL, so the object store refuses a PUT that differs: `content-length` is always there (the declared size of a single-shot photo; the exact size of a part, which is part_size except for the last part, which carries the rest), and a single-shot PUT also has `content-type`. */
            headers: {
                [key: string]: string;
            };
            /** Format: date-time */
            expires_at: string;
        };
        WebhookDelivery: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            endpoint_id: string;
            /** Format: uuid */
            workspace_id: string;
            /** Format: uuid */
            event_id: string;
            event_type: string;
            /** @enum {string} */
            state: "pending" | "succeeded" | "failed_retrying" | "dead_letter";
            attempt_count: number;
            next_attempt_at: string | null;
            last_attempt_at: string | null;
            last_status: number | null;
            last_error: string | null;
            completed_at: string | null;
            /** @description true for a test delivery: example data sent with X-Service-Test: true, not a real event */
            test: boolean;
            created_at: string;
            updated_at: string;
        };
        WebhookDeliveryAttempt: {
            /** Format: uuid */
            id: string;
            attempted_at: string;
            http_status: number | null;
            error: string | null;
            duration_ms: number;
        };
        WebhookEndpoint: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            workspace_id: string;
            /** @enum {string} */
            kind: "legacy" | "subscription";
            url: string;
            event_types: string[];
            active: boolean;
            created_by: string | null;
            secret_rotated_at: string | null;
            previous_secret_expires_at: string | null;
            created_at: string;
            updated_at: string;
        };
        WebhookEndpointWithSecret: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            workspace_id: string;
            /** @enum {string} */
            kind: "legacy" | "subscription";
            url: string;
            event_types: string[];
            active: boolean;
            created_by: string | null;
            secret_rotated_at: string | null;
            previous_secret_expires_at: string | null;
            created_at: string;
            updated_at: string;
            signing_secret: string;
        };
        WebhookSubscription: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            workspace_id: string;
            target_url: string;
            event: string;
            active: boolean;
            created_at: string;
            updated_at: string;
        };
        Workspace: {
            /** Format: uuid */
            id: string;
            name: string;
            /**
             * @description The caller's role in the workspace.
             * @enum {string}
             */
            role: "owner" | "admin" | "photographer" | "viewer";
            /** Format: date-time */
            created_at: string;
        };
    };
    responses: {
        /** @description 400 invalid_input: Malformed or missing input (body, query, path, headers, cursor). */
        InvalidInput: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "ok": false,
                 *       "error": "invalid_input",
                 *       "message": "body.title: Too small: expected string to have >=1 characters",
                 *       "issues": [
                 *         {
                 *           "path": "body.title",
                 *           "message": "Too small: expected string to have >=1 characters"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["InvalidInputError"];
            };
        };
        /** @description 401 unauthorized: Missing, malformed, unknown or revoked bearer (or an invalid portal token on POST /client-sessions). */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "ok": false,
                 *       "error": "unauthorized",
                 *       "message": "a valid bearer is required"
                 *     }
                 */
                "application/json": components["schemas"]["UnauthorizedError"];
            };
        };
        /** @description 403 forbidden: The caller's role in its own workspace is too low for this operation, or the token is read-only and the operation is not a GET. */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "ok": false,
                 *       "error": "forbidden",
                 *       "message": "this needs the admin role in the workspace"
                 *     }
                 */
                "application/json": components["schemas"]["ForbiddenError"];
            };
        };
        /** @description 404 not_found: The record does not exist, belongs to another tenant, or the caller does not reach its workspace. The body is always exactly {"ok":false,"error":"not_found"}. */
        NotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "ok": false,
                 *       "error": "not_found"
                 *     }
                 */
                "application/json": components["schemas"]["NotFoundError"];
            };
        };
        /** @description 409 conflict: The record is in a state that does not allow this (or a request with the same Idempotency-Key is still running). */
        Conflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "ok": false,
                 *       "error": "conflict",
                 *       "message": "the gallery is already published"
                 *     }
                 */
                "application/json": components["schemas"]["ConflictError"];
            };
        };
        /** @description 422 idempotency_conflict: The Idempotency-Key was used before with a different request body. */
        IdempotencyConflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "ok": false,
                 *       "error": "idempotency_conflict",
                 *       "message": "this Idempotency-Key was used with a different request"
                 *     }
                 */
                "application/json": components["schemas"]["IdempotencyConflictError"];
            };
        };
        /** @description 429 rate_limited: The rate limit is exhausted, or the limiter is unavailable (fail-closed). Retry after Retry-After seconds. */
        RateLimited: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "ok": false,
                 *       "error": "rate_limited",
                 *       "message": "the rate limit is exhausted; retry after Retry-After seconds"
                 *     }
                 */
                "application/json": components["schemas"]["RateLimitedError"];
            };
        };
        /** @description 503 unavailable: A dependency is unreachable, or the server is at capacity (refused at once); nothing was done. Retry after Retry-After seconds. */
        Unavailable: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "ok": false,
                 *       "error": "unavailable",
                 *       "message": "a dependency is unreachable; retry later",
                 *       "request_id": "5b0e6f1c-3c2d-4a8e-9f47-2d1b8c6e7a90"
                 *     }
                 */
                "application/json": components["schemas"]["UnavailableError"];
            };
        };
        /** @description 500 internal: An unexpected error; the request id names the log line. */
        Internal: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "ok": false,
                 *       "error": "internal",
                 *       "message": "internal error",
                 *       "request_id": "5b0e6f1c-3c2d-4a8e-9f47-2d1b8c6e7a90"
                 *     }
                 */
                "application/json": components["schemas"]["InternalError"];
            };
        };
    };
    parameters: {
        /**
         * @description Scoped per API token. The same key with the same body returns the original answer (Idempotent-Replayed: true) without running the request again; with a different body: 422 idempotency_conflict. Keys expire after 24 hours.
         * @example 9f2c4e1a-7b3d-4c5e-8a6f-1d2e3f4a5b6c
         */
        IdempotencyKey: string;
    };
    requestBodies: never;
    headers: {
        /** @description The request id (the caller's X-Request-Id when it is 1..128 of [A-Za-z0-9._:-], else a new UUID). */
        "X-Request-Id": string;
        /** @description Requests allowed in the current window. */
        "RateLimit-Limit": number;
        /** @description Requests left in the current window. */
        "RateLimit-Remaining": number;
        /** @description Seconds until the current window ends. */
        "RateLimit-Reset": number;
        /** @description Seconds to wait before retrying. */
        "Retry-After": number;
        /** @description RFC 9745: this operation (or the form of input the request used) is deprecated since this date, as `@<unix seconds>`. */
        Deprecation: string;
        /** @description RFC 8594: from this date (an HTTP date) the deprecated operation or input stops working. */
        Sunset: string;
        /** @description With `rel="deprecation"` (RFC 9745): the migration guide, a section of the HTML API reference (`type="text/html"`). */
        Link: string;
        /** @description `true` when this is the stored answer of an earlier request with the same Idempotency-Key. */
        "Idempotent-Replayed": "true";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    createCullJob: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Scoped per API token. The same key with the same body returns the original answer (Idempotent-Replayed: true) without running the request again; with a different body: 422 idempotency_conflict. Keys expire after 24 hours.
                 * @example 9f2c4e1a-7b3d-4c5e-8a6f-1d2e3f4a5b6c
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                 *       "sensitivity": "medium"
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    shoot_id: string;
                    /**
                     * @default medium
                     * @enum {string}
                     */
                    sensitivity?: "low" | "medium" | "high";
                };
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "job": {
                     *         "id": "c704b243-2f3f-4c8b-9e85-a27a6790c0b6",
                     *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *         "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                     *         "type": "cull",
                     *         "sensitivity": "medium",
                     *         "error": null,
                     *         "created_at": "2026-11-24T10:30:00Z",
                     *         "state": "queued",
                     *         "progress": {
                     *           "done": 0,
                     *           "total": 3
                     *         },
                     *         "result": null,
                     *         "attempts": 0,
                     *         "started_at": null,
                     *         "finished_at": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        job: components["schemas"]["AiJob"];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getAiJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example ad617a0f-dd57-43f4-b8eb-b27f6f60470b */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "job": {
                     *         "id": "c704b243-2f3f-4c8b-9e85-a27a6790c0b6",
                     *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *         "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                     *         "type": "cull",
                     *         "sensitivity": "medium",
                     *         "error": null,
                     *         "created_at": "2026-11-24T10:30:00Z",
                     *         "state": "succeeded",
                     *         "progress": {
                     *           "done": 3,
                     *           "total": 3
                     *         },
                     *         "attempts": 1,
                     *         "started_at": "2026-11-24T10:30:01Z",
                     *         "finished_at": "2026-11-24T10:30:04Z",
                     *         "result": {
                     *           "sensitivity": "medium",
                     *           "counts": {
                     *             "total": 3,
                     *             "keeper": 1,
                     *             "reject": 2,
                     *             "blurry": 1,
                     *             "underexposed": 0,
                     *             "overexposed": 0,
                     *             "duplicate": 1,
                     *             "duplicate_groups": 1
                     *           },
                     *           "thresholds": {
                     *             "under_mean": 0.15,
                     *             "under_p99": 0.5,
                     *             "over_mean": 0.85,
                     *             "over_p01": 0.2,
                     *             "dark_clip": 0.25,
                     *             "bright_clip": 0.25,
                     *             "blur_ratio": 0.3,
                     *             "blur_floor": 20,
                     *             "group_blur_ratio": 0.35,
                     *             "dup_distance": 30,
                     *             "dup_distance_untimed": 20,
                     *             "dup_window_s": 10,
                     *             "sharpness_reference": 120,
                     *             "sharpness_threshold": 36
                     *           },
                     *           "photos": [
                     *             {
                     *               "photo_id": "d84eebad-a93e-4ee1-ab02-9e5b61e4df32",
                     *               "decision": "keeper",
                     *               "reason": "best_of_near_duplicates",
                     *               "scores": {
                     *                 "sharpness": 182.4,
                     *                 "mean_luminance": 0.46,
                     *                 "clipped_share": 0.01
                     *               },
                     *               "duplicate_group": "dup:d84eebad-a93e-4ee1-ab02-9e5b61e4df32",
                     *               "best_in_group": true,
                     *               "explanation": "sharpest of 2 near-duplicates (sharpness 182.4 vs 95.1); sharpness 182.4 >= 36 (0.3 x shoot median 120), mean luminance 0.46 within 0.15..0.85"
                     *             },
                     *             {
                     *               "photo_id": "e973098d-1e29-4cdc-8c78-681c5b9eada5",
                     *               "decision": "reject",
                     *               "reason": "duplicate",
                     *               "scores": {
                     *                 "sharpness": 95.1,
                     *                 "mean_luminance": 0.45,
                     *                 "clipped_share": 0.01
                     *               },
                     *               "duplicate_group": "dup:d84eebad-a93e-4ee1-ab02-9e5b61e4df32",
                     *               "best_in_group": false,
                     *               "explanation": "duplicate: one of 2 near-duplicates; d84eebad-a93e-4ee1-ab02-9e5b61e4df32 is sharper and kept (sharpness 182.4 vs 95.1)"
                     *             },
                     *             {
                     *               "photo_id": "1129d790-a7ec-4569-a268-7d24fc7a2d51",
                     *               "decision": "reject",
                     *               "reason": "blurry",
                     *               "scores": {
                     *                 "sharpness": 14.2,
                     *                 "mean_luminance": 0.52,
                     *                 "clipped_share": 0
                     *               },
                     *               "duplicate_group": null,
                     *               "best_in_group": false,
                     *               "explanation": "blurry: sharpness 14.2 < 36 (0.3 x shoot median 120)"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        job: components["schemas"]["AiJob"];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    whoami: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "profile": {
                     *         "id": "d696a35b-dd18-43da-87a8-d6c41bb7a315",
                     *         "email": "anna.weber@example.com",
                     *         "name": "Anna Weber"
                     *       },
                     *       "token": {
                     *         "id": "d2089be6-7295-4d11-b6fa-a84079af1b6f",
                     *         "prefix": "prefix",
                     *         "name": "Anna Weber",
                     *         "scope_workspace_id": "97916919-7a09-4d77-abc5-a3e452239535",
                     *         "rate_limit": 1
                     *       },
                     *       "workspaces": [
                     *         {
                     *           "id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *           "name": "Anna Weber",
                     *           "role": "owner"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        profile: {
                            /** Format: uuid */
                            id: string;
                            email: string;
                            name: string | null;
                        };
                        token: {
                            /** Format: uuid */
                            id: string;
                            /** @description The public prefix of the token (12 characters; hexadecimal for tokens made before checksummed tokens). */
                            prefix: string;
                            name: string | null;
                            /** @description The one workspace the token is scoped to, or null. */
                            scope_workspace_id: string | null;
                            /** @description Requests per 60 s, or null for the default. */
                            rate_limit: number | null;
                        };
                        /** @description The workspaces the token reaches. */
                        workspaces: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /** @enum {string} */
                            role: "owner" | "admin" | "photographer" | "viewer";
                        }[];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    openClientSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "portal_token": "gpt_3f9a1c2b7d4e_Qm9vay1vZi1zYW1wbGUtdG9rZW4tZm9yLWRvY3MtMDE"
                 *     }
                 */
                "application/json": {
                    portal_token: string;
                    magic_code?: string;
                } | {
                    portal_token?: string;
                    magic_code: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "session": {
                     *         "bearer": "bearer",
                     *         "expires_at": "2026-11-24T10:30:00Z",
                     *         "gallery_id": "352cfc74-9e55-422e-935e-e48e67631ba3"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        session: components["schemas"]["ClientSession"];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listClients: {
        parameters: {
            query: {
                /** @example 87bb59ba-2f92-42a5-a9f1-3e021fd58dd1 */
                workspace_id: string;
                /**
                 * @description Page size, 1 to 100 (default 50).
                 * @example 50
                 */
                limit?: number;
                /** @example eyJrIjoiMjAyNi0xMS0yNFQxMDozMDowMFoifQ */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "items": [
                     *         {
                     *           "id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                     *           "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *           "name": "Anna Weber",
                     *           "email": "anna.weber@example.com",
                     *           "phone": "+49 40 1234567",
                     *           "notes": "Prefers natural light; no flash during the ceremony.",
                     *           "created_at": "2026-11-24T10:30:00Z"
                     *         }
                     *       ],
                     *       "next_cursor": "eyJrIjoiMjAyNi0xMS0yNFQxMDozMDowMFoifQ"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        items: components["schemas"]["Client"][];
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    createClient: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Scoped per API token. The same key with the same body returns the original answer (Idempotent-Replayed: true) without running the request again; with a different body: 422 idempotency_conflict. Keys expire after 24 hours.
                 * @example 9f2c4e1a-7b3d-4c5e-8a6f-1d2e3f4a5b6c
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "name": "Anna Weber",
                 *       "email": "anna.weber@example.com",
                 *       "phone": "+49 40 1234567",
                 *       "notes": "Prefers natural light; no flash during the ceremony."
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    workspace_id: string;
                    name: string;
                    email?: string | null;
                    phone?: string | null;
                    notes?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "client": {
                     *         "id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                     *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *         "name": "Anna Weber",
                     *         "email": "anna.weber@example.com",
                     *         "phone": "+49 40 1234567",
                     *         "notes": "Prefers natural light; no flash during the ceremony.",
                     *         "created_at": "2026-11-24T10:30:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        client: components["schemas"]["Client"];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listGalleries: {
        parameters: {
            query: {
                /** @example 87bb59ba-2f92-42a5-a9f1-3e021fd58dd1 */
                workspace_id: string;
                /**
                 * @description Page size, 1 to 100 (default 50).
                 * @example 50
                 */
                limit?: number;
                /** @example eyJrIjoiMjAyNi0xMS0yNFQxMDozMDowMFoifQ */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "items": [
                     *         {
                     *           "id": "352cfc74-9e55-422e-935e-e48e67631ba3",
                     *           "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *           "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                     *           "title": "Anna & Ben: wedding",
                     *           "slug": "anna-ben-wedding",
                     *           "state": "draft",
                     *           "photo_count": 42,
                     *           "published_at": "2026-11-24T10:30:00Z",
                     *           "delivered_at": "2026-11-24T10:30:00Z",
                     *           "created_at": "2026-11-24T10:30:00Z",
                     *           "updated_at": "2026-11-24T10:30:00Z"
                     *         }
                     *       ],
                     *       "next_cursor": "eyJrIjoiMjAyNi0xMS0yNFQxMDozMDowMFoifQ"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        items: components["schemas"]["Gallery"][];
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    createGallery: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Scoped per API token. The same key with the same body returns the original answer (Idempotent-Replayed: true) without running the request again; with a different body: 422 idempotency_conflict. Keys expire after 24 hours.
                 * @example 9f2c4e1a-7b3d-4c5e-8a6f-1d2e3f4a5b6c
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                 *       "title": "Anna & Ben: wedding"
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    shoot_id: string;
                    title?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "gallery": {
                     *         "id": "352cfc74-9e55-422e-935e-e48e67631ba3",
                     *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *         "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                     *         "title": "Anna & Ben: wedding",
                     *         "slug": "anna-ben-wedding",
                     *         "state": "draft",
                     *         "photo_count": 42,
                     *         "published_at": "2026-11-24T10:30:00Z",
                     *         "delivered_at": "2026-11-24T10:30:00Z",
                     *         "created_at": "2026-11-24T10:30:00Z",
                     *         "updated_at": "2026-11-24T10:30:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        gallery: components["schemas"]["Gallery"];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getGallery: {
        parameters: {
            query?: {
                /**
                 * @description At most this many photos in the answer (absent: all of them); photos_next_cursor continues with GET /galleries/{id}/photos.
                 * @example 60
                 */
                photos_limit?: number;
            };
            header?: never;
            path: {
                /** @example 352cfc74-9e55-422e-935e-e48e67631ba3 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "gallery": {
                     *         "id": "352cfc74-9e55-422e-935e-e48e67631ba3",
                     *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *         "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                     *         "title": "Anna & Ben: wedding",
                     *         "slug": "anna-ben-wedding",
                     *         "state": "draft",
                     *         "photo_count": 42,
                     *         "published_at": "2026-11-24T10:30:00Z",
                     *         "delivered_at": "2026-11-24T10:30:00Z",
                     *         "created_at": "2026-11-24T10:30:00Z",
                     *         "updated_at": "2026-11-24T10:30:00Z",
                     *         "urls_expire_at": "2026-11-24T10:30:00Z",
                     *         "photos_next_cursor": "eyJrIjoiMjAyNi0xMS0yNFQxMDozMDowMFoifQ",
                     *         "photos": [
                     *           {
                     *             "id": "d84eebad-a93e-4ee1-ab02-9e5b61e4df32",
                     *             "order_index": 1,
                     *             "url": "https://files.studio.example/url",
                     *             "thumbnail_url": "https://files.studio.example/thumbnail_url",
                     *             "width": 6000,
                     *             "height": 4000,
                     *             "favorite": true,
                     *             "original_url": "https://files.studio.example/original_url"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        gallery: components["schemas"]["GalleryDetail"];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    addFavorite: {
        parameters: {
            query?: {
                /**
                 * @description The photo, when the JSON body does not name it.
                 * @example d84eebad-a93e-4ee1-ab02-9e5b61e4df32
                 */
                photo_id?: string;
                /**
                 * @description Alias of photo_id.
                 * @example d84eebad-a93e-4ee1-ab02-9e5b61e4df32
                 */
                photoId?: string;
            };
            header?: {
                /**
                 * @description Scoped per API token. The same key with the same body returns the original answer (Idempotent-Replayed: true) without running the request again; with a different body: 422 idempotency_conflict. Keys expire after 24 hours.
                 * @example 9f2c4e1a-7b3d-4c5e-8a6f-1d2e3f4a5b6c
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example 352cfc74-9e55-422e-935e-e48e67631ba3 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "photo_id": "d84eebad-a93e-4ee1-ab02-9e5b61e4df32"
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    photo_id?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "favorite": {
                     *         "gallery_id": "352cfc74-9e55-422e-935e-e48e67631ba3",
                     *         "photo_id": "d84eebad-a93e-4ee1-ab02-9e5b61e4df32",
                     *         "favorite": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        favorite: components["schemas"]["Favorite"];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    removeFavorite: {
        parameters: {
            query?: {
                /**
                 * @description The photo, when the JSON body does not name it.
                 * @example d84eebad-a93e-4ee1-ab02-9e5b61e4df32
                 */
                photo_id?: string;
                /**
                 * @description Alias of photo_id.
                 * @example d84eebad-a93e-4ee1-ab02-9e5b61e4df32
                 */
                photoId?: string;
            };
            header?: never;
            path: {
                /** @example 352cfc74-9e55-422e-935e-e48e67631ba3 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "photo_id": "d84eebad-a93e-4ee1-ab02-9e5b61e4df32"
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    photo_id?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "favorite": {
                     *         "gallery_id": "352cfc74-9e55-422e-935e-e48e67631ba3",
                     *         "photo_id": "d84eebad-a93e-4ee1-ab02-9e5b61e4df32",
                     *         "favorite": true
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        favorite: components["schemas"]["Favorite"];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listGalleryPhotos: {
        parameters: {
            query?: {
                /**
                 * @description Page size, 1 to 200 (default 200).
                 * @example 200
                 */
                limit?: number;
                /** @example eyJrIjoiMjAyNi0xMS0yNFQxMDozMDowMFoifQ */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @example 352cfc74-9e55-422e-935e-e48e67631ba3 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "items": [
                     *         {
                     *           "id": "d48ae6bc-3f00-474f-a9a8-44180c2d8f18",
                     *           "order_index": 1,
                     *           "url": "https://files.studio.example/url",
                     *           "thumbnail_url": "https://files.studio.example/thumbnail_url",
                     *           "width": 6000,
                     *           "height": 4000,
                     *           "favorite": true,
                     *           "original_url": "https://files.studio.example/original_url"
                     *         }
                     *       ],
                     *       "next_cursor": "eyJrIjoiMjAyNi0xMS0yNFQxMDozMDowMFoifQ"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        items: components["schemas"]["GalleryPhoto"][];
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    publishGallery: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Scoped per API token. The same key with the same body returns the original answer (Idempotent-Replayed: true) without running the request again; with a different body: 422 idempotency_conflict. Keys expire after 24 hours.
                 * @example 9f2c4e1a-7b3d-4c5e-8a6f-1d2e3f4a5b6c
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example 352cfc74-9e55-422e-935e-e48e67631ba3 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "gallery": {
                     *         "id": "352cfc74-9e55-422e-935e-e48e67631ba3",
                     *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *         "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                     *         "title": "Anna & Ben: wedding",
                     *         "slug": "anna-ben-wedding",
                     *         "state": "draft",
                     *         "photo_count": 42,
                     *         "published_at": "2026-11-24T10:30:00Z",
                     *         "delivered_at": "2026-11-24T10:30:00Z",
                     *         "created_at": "2026-11-24T10:30:00Z",
                     *         "updated_at": "2026-11-24T10:30:00Z",
                     *         "portal_token": "portal token",
                     *         "portal_url": "https://api.studio.example/portal/#gpt_3f9a1c2b7d4e_q8ZkV1xN0pW3sT6yB9cF2hJ5mL7rD4gA1eK8uQ0iO3n",
                     *         "portal": {
                     *           "prefix": "prefix",
                     *           "state": "active",
                     *           "expires_at": "2026-11-24T10:30:00Z",
                     *           "created_at": "2026-11-24T10:30:00Z"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        gallery: components["schemas"]["PublishedGallery"];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listInvoices: {
        parameters: {
            query?: {
                /** @example 87bb59ba-2f92-42a5-a9f1-3e021fd58dd1 */
                workspace_id?: string;
                /**
                 * @description Page size, 1 to 100 (default 50).
                 * @example 50
                 */
                limit?: number;
                /** @example eyJrIjoiMjAyNi0xMS0yNFQxMDozMDowMFoifQ */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "items": [
                     *         {
                     *           "id": "b832002d-a297-445f-b2c6-cc36303a5f9b",
                     *           "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *           "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                     *           "number": "number",
                     *           "status": "draft",
                     *           "amount_cents": 1,
                     *           "currency": "EUR",
                     *           "due_at": "2026-11-24T10:30:00Z",
                     *           "paid_at": "2026-11-24T10:30:00Z",
                     *           "created_at": "2026-11-24T10:30:00Z"
                     *         }
                     *       ],
                     *       "next_cursor": "eyJrIjoiMjAyNi0xMS0yNFQxMDozMDowMFoifQ"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        items: components["schemas"]["Invoice"][];
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getMobileDashboard: {
        parameters: {
            query?: {
                /** @example 87bb59ba-2f92-42a5-a9f1-3e021fd58dd1 */
                workspace_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "dashboard": {
                     *         "upcoming_shoots": [
                     *           {
                     *             "id": "fb29ddd4-1b36-460a-a927-2020fd88ee20",
                     *             "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *             "title": "Anna & Ben: wedding",
                     *             "slug": "anna-ben-wedding",
                     *             "state": "planned",
                     *             "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                     *             "location": "Stadtpark, Hamburg",
                     *             "scheduled_start": "2026-11-24T10:30:00Z",
                     *             "scheduled_end": "2026-11-24T10:30:00Z",
                     *             "completed_at": "2026-11-24T10:30:00Z",
                     *             "created_at": "2026-11-24T10:30:00Z",
                     *             "updated_at": "2026-11-24T10:30:00Z",
                     *             "shot_list": {
                     *               "total": 42,
                     *               "done": 1
                     *             }
                     *           }
                     *         ],
                     *         "open_tasks": [
                     *           {
                     *             "id": "09934cc7-24c2-44c8-bf55-9e2a977001d0",
                     *             "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *             "title": "Anna & Ben: wedding",
                     *             "status": "open",
                     *             "due_at": "2026-11-24T10:30:00Z",
                     *             "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                     *             "created_at": "2026-11-24T10:30:00Z",
                     *             "completed_at": "2026-11-24T10:30:00Z"
                     *           }
                     *         ],
                     *         "recent_orders": [
                     *           {
                     *             "id": "4d676eec-f945-43c1-b890-c7cbcf8feef0",
                     *             "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *             "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                     *             "number": "number",
                     *             "status": "pending",
                     *             "total_cents": 42,
                     *             "currency": "EUR",
                     *             "paid_at": "2026-11-24T10:30:00Z",
                     *             "created_at": "2026-11-24T10:30:00Z"
                     *           }
                     *         ],
                     *         "counts": {
                     *           "upcoming_shoots": 1,
                     *           "open_tasks": 1,
                     *           "clients": 1,
                     *           "paid_orders_30d": 1
                     *         },
                     *         "generated_at": "2026-11-24T10:30:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        dashboard: components["schemas"]["Dashboard"];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listPaidOrders: {
        parameters: {
            query: {
                /** @example 87bb59ba-2f92-42a5-a9f1-3e021fd58dd1 */
                workspace_id: string;
                /**
                 * @description Page size, 1 to 100 (default 50).
                 * @example 50
                 */
                limit?: number;
                /** @example eyJrIjoiMjAyNi0xMS0yNFQxMDozMDowMFoifQ */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "items": [
                     *         {
                     *           "id": "6be09082-5c99-4103-9aee-21d9ac0fc9c3",
                     *           "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *           "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                     *           "number": "number",
                     *           "status": "pending",
                     *           "total_cents": 42,
                     *           "currency": "EUR",
                     *           "paid_at": "2026-11-24T10:30:00Z",
                     *           "created_at": "2026-11-24T10:30:00Z"
                     *         }
                     *       ],
                     *       "next_cursor": "eyJrIjoiMjAyNi0xMS0yNFQxMDozMDowMFoifQ"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        items: components["schemas"]["Order"][];
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    createPhoto: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Scoped per API token. The same key with the same body returns the original answer (Idempotent-Replayed: true) without running the request again; with a different body: 422 idempotency_conflict. Keys expire after 24 hours.
                 * @example 9f2c4e1a-7b3d-4c5e-8a6f-1d2e3f4a5b6c
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                 *       "file_name": "file name",
                 *       "content_type": "image/jpeg",
                 *       "size": 24117248,
                 *       "sha256": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    shoot_id: string;
                    file_name: string;
                    /** @enum {string} */
                    content_type: "image/jpeg" | "image/png" | "image/webp" | "image/gif" | "image/tiff" | "image/avif";
                    size: number;
                    sha256?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "photo": {
                     *         "id": "d84eebad-a93e-4ee1-ab02-9e5b61e4df32",
                     *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *         "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                     *         "upload_file_id": "98292e58-1fe6-4561-8f11-87e106e3dfb6",
                     *         "file_name": "file name",
                     *         "content_type": "image/jpeg",
                     *         "size": 24117248,
                     *         "sha256": "sha256",
                     *         "state": "pending",
                     *         "failure_reason": "failure reason",
                     *         "failure_code": "failure code",
                     *         "width": 6000,
                     *         "height": 4000,
                     *         "capture_time": "2026-11-24T10:30:00Z",
                     *         "keeper": true,
                     *         "cull": {
                     *           "key": {}
                     *         },
                     *         "created_at": "2026-11-24T10:30:00Z",
                     *         "uploaded_at": "2026-11-24T10:30:00Z",
                     *         "processed_at": "2026-11-24T10:30:00Z",
                     *         "updated_at": "2026-11-24T10:30:00Z"
                     *       },
                     *       "upload": {
                     *         "url": "https://files.studio.example/url",
                     *         "method": "PUT",
                     *         "headers": {
                     *           "key": "headers"
                     *         },
                     *         "expires_at": "2026-11-24T10:30:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        photo: components["schemas"]["Photo"];
                        upload: components["schemas"]["UploadTarget"];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getPhoto: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example d84eebad-a93e-4ee1-ab02-9e5b61e4df32 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "photo": {
                     *         "id": "d84eebad-a93e-4ee1-ab02-9e5b61e4df32",
                     *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *         "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                     *         "upload_file_id": "98292e58-1fe6-4561-8f11-87e106e3dfb6",
                     *         "file_name": "file name",
                     *         "content_type": "image/jpeg",
                     *         "size": 24117248,
                     *         "sha256": "sha256",
                     *         "state": "pending",
                     *         "failure_reason": "failure reason",
                     *         "failure_code": "failure code",
                     *         "width": 6000,
                     *         "height": 4000,
                     *         "capture_time": "2026-11-24T10:30:00Z",
                     *         "keeper": true,
                     *         "cull": {
                     *           "key": {}
                     *         },
                     *         "created_at": "2026-11-24T10:30:00Z",
                     *         "uploaded_at": "2026-11-24T10:30:00Z",
                     *         "processed_at": "2026-11-24T10:30:00Z",
                     *         "updated_at": "2026-11-24T10:30:00Z"
                     *       },
                     *       "upload": {
                     *         "url": "https://files.studio.example/url",
                     *         "method": "PUT",
                     *         "headers": {
                     *           "key": "headers"
                     *         },
                     *         "expires_at": "2026-11-24T10:30:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        photo: components["schemas"]["Photo"];
                        /** @description A fresh PUT target while the photo is pending and the caller is photographer+, else null. */
                        upload: components["schemas"]["UploadTarget"] | null;
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    finalizePhoto: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Scoped per API token. The same key with the same body returns the original answer (Idempotent-Replayed: true) without running the request again; with a different body: 422 idempotency_conflict. Keys expire after 24 hours.
                 * @example 9f2c4e1a-7b3d-4c5e-8a6f-1d2e3f4a5b6c
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example d84eebad-a93e-4ee1-ab02-9e5b61e4df32 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "photo": {
                     *         "id": "d84eebad-a93e-4ee1-ab02-9e5b61e4df32",
                     *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *         "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                     *         "upload_file_id": "98292e58-1fe6-4561-8f11-87e106e3dfb6",
                     *         "file_name": "file name",
                     *         "content_type": "image/jpeg",
                     *         "size": 24117248,
                     *         "sha256": "sha256",
                     *         "state": "pending",
                     *         "failure_reason": "failure reason",
                     *         "failure_code": "failure code",
                     *         "width": 6000,
                     *         "height": 4000,
                     *         "capture_time": "2026-11-24T10:30:00Z",
                     *         "keeper": true,
                     *         "cull": {
                     *           "key": {}
                     *         },
                     *         "created_at": "2026-11-24T10:30:00Z",
                     *         "uploaded_at": "2026-11-24T10:30:00Z",
                     *         "processed_at": "2026-11-24T10:30:00Z",
                     *         "updated_at": "2026-11-24T10:30:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        photo: components["schemas"]["Photo"];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    search: {
        parameters: {
            query: {
                /**
                 * @description The search text; trimmed, it must have 1 to 256 characters.
                 * @example weber
                 */
                q: string;
                /** @example 87bb59ba-2f92-42a5-a9f1-3e021fd58dd1 */
                workspace_id: string;
                /** @example client,shoot */
                types?: string | string[];
                /**
                 * @description Page size, 1 to 50 (default 20).
                 * @example 20
                 */
                limit?: number;
                /** @example eyJrIjoiMjAyNi0xMS0yNFQxMDozMDowMFoifQ */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "items": [
                     *         {
                     *           "type": "client",
                     *           "id": "id",
                     *           "title": "Anna & Ben: wedding",
                     *           "snippet": {
                     *             "field": "field",
                     *             "text": "Ceremony",
                     *             "highlights": [
                     *               [
                     *                 1,
                     *                 1
                     *               ]
                     *             ]
                     *           },
                     *           "rank": 1
                     *         }
                     *       ],
                     *       "next_cursor": "eyJrIjoiMjAyNi0xMS0yNFQxMDozMDowMFoifQ"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        items: components["schemas"]["SearchResult"][];
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listShoots: {
        parameters: {
            query: {
                /** @example 87bb59ba-2f92-42a5-a9f1-3e021fd58dd1 */
                workspace_id: string;
                /**
                 * @description Page size, 1 to 100 (default 50).
                 * @example 50
                 */
                limit?: number;
                /** @example eyJrIjoiMjAyNi0xMS0yNFQxMDozMDowMFoifQ */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "items": [
                     *         {
                     *           "id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                     *           "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *           "title": "Anna & Ben: wedding",
                     *           "slug": "anna-ben-wedding",
                     *           "state": "planned",
                     *           "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                     *           "location": "Stadtpark, Hamburg",
                     *           "scheduled_start": "2026-11-24T10:30:00Z",
                     *           "scheduled_end": "2026-11-24T10:30:00Z",
                     *           "completed_at": "2026-11-24T10:30:00Z",
                     *           "created_at": "2026-11-24T10:30:00Z",
                     *           "updated_at": "2026-11-24T10:30:00Z",
                     *           "shot_list": {
                     *             "total": 42,
                     *             "done": 1
                     *           }
                     *         }
                     *       ],
                     *       "next_cursor": "eyJrIjoiMjAyNi0xMS0yNFQxMDozMDowMFoifQ"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        items: components["schemas"]["Shoot"][];
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    createShoot: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Scoped per API token. The same key with the same body returns the original answer (Idempotent-Replayed: true) without running the request again; with a different body: 422 idempotency_conflict. Keys expire after 24 hours.
                 * @example 9f2c4e1a-7b3d-4c5e-8a6f-1d2e3f4a5b6c
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "title": "Anna & Ben: wedding",
                 *       "slug": "anna-ben-wedding",
                 *       "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                 *       "location": "Stadtpark, Hamburg",
                 *       "scheduled_start": "2026-11-24T10:30:00Z",
                 *       "scheduled_end": "2026-11-24T10:30:00Z",
                 *       "shot_list": [
                 *         "shot list"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    workspace_id: string;
                    title: string;
                    slug?: string | null;
                    client_id?: string | null;
                    location?: string | null;
                    scheduled_start?: string | null;
                    scheduled_end?: string | null;
                    shot_list?: string[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "shoot": {
                     *         "id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                     *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *         "title": "Anna & Ben: wedding",
                     *         "slug": "anna-ben-wedding",
                     *         "state": "planned",
                     *         "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                     *         "location": "Stadtpark, Hamburg",
                     *         "scheduled_start": "2026-11-24T10:30:00Z",
                     *         "scheduled_end": "2026-11-24T10:30:00Z",
                     *         "completed_at": "2026-11-24T10:30:00Z",
                     *         "created_at": "2026-11-24T10:30:00Z",
                     *         "updated_at": "2026-11-24T10:30:00Z",
                     *         "shot_list": {
                     *           "total": 42,
                     *           "done": 1
                     *         },
                     *         "shot_list_items": [
                     *           {
                     *             "id": "3e616441-aebd-471d-a6ba-e6e7721ef495",
                     *             "label": "Ceremony",
                     *             "position": 1,
                     *             "done": true,
                     *             "done_at": "2026-11-24T10:30:00Z"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        shoot: components["schemas"]["ShootDetail"];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getShoot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 370b1416-608d-4dac-8de3-71ecc2a33e56 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "shoot": {
                     *         "id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                     *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *         "title": "Anna & Ben: wedding",
                     *         "slug": "anna-ben-wedding",
                     *         "state": "planned",
                     *         "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                     *         "location": "Stadtpark, Hamburg",
                     *         "scheduled_start": "2026-11-24T10:30:00Z",
                     *         "scheduled_end": "2026-11-24T10:30:00Z",
                     *         "completed_at": "2026-11-24T10:30:00Z",
                     *         "created_at": "2026-11-24T10:30:00Z",
                     *         "updated_at": "2026-11-24T10:30:00Z",
                     *         "shot_list": {
                     *           "total": 42,
                     *           "done": 1
                     *         },
                     *         "shot_list_items": [
                     *           {
                     *             "id": "3e616441-aebd-471d-a6ba-e6e7721ef495",
                     *             "label": "Ceremony",
                     *             "position": 1,
                     *             "done": true,
                     *             "done_at": "2026-11-24T10:30:00Z"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        shoot: components["schemas"]["ShootDetail"];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    updateShotListItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 370b1416-608d-4dac-8de3-71ecc2a33e56 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "item_id": "652bcc3a-4784-4889-bcc5-05ae19f847b4",
                 *       "done": true
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    item_id: string;
                    done: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "shoot": {
                     *         "id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                     *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *         "title": "Anna & Ben: wedding",
                     *         "slug": "anna-ben-wedding",
                     *         "state": "planned",
                     *         "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                     *         "location": "Stadtpark, Hamburg",
                     *         "scheduled_start": "2026-11-24T10:30:00Z",
                     *         "scheduled_end": "2026-11-24T10:30:00Z",
                     *         "completed_at": "2026-11-24T10:30:00Z",
                     *         "created_at": "2026-11-24T10:30:00Z",
                     *         "updated_at": "2026-11-24T10:30:00Z",
                     *         "shot_list": {
                     *           "total": 42,
                     *           "done": 1
                     *         },
                     *         "shot_list_items": [
                     *           {
                     *             "id": "3e616441-aebd-471d-a6ba-e6e7721ef495",
                     *             "label": "Ceremony",
                     *             "position": 1,
                     *             "done": true,
                     *             "done_at": "2026-11-24T10:30:00Z"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        shoot: components["schemas"]["ShootDetail"];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listTasks: {
        parameters: {
            query?: {
                /** @example 87bb59ba-2f92-42a5-a9f1-3e021fd58dd1 */
                workspace_id?: string;
                /**
                 * @description Page size, 1 to 100 (default 50).
                 * @example 50
                 */
                limit?: number;
                /** @example eyJrIjoiMjAyNi0xMS0yNFQxMDozMDowMFoifQ */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "items": [
                     *         {
                     *           "id": "4bc74b21-357c-4cf5-8ca8-f66b4d4ee948",
                     *           "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *           "title": "Anna & Ben: wedding",
                     *           "status": "open",
                     *           "due_at": "2026-11-24T10:30:00Z",
                     *           "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                     *           "created_at": "2026-11-24T10:30:00Z",
                     *           "completed_at": "2026-11-24T10:30:00Z"
                     *         }
                     *       ],
                     *       "next_cursor": "eyJrIjoiMjAyNi0xMS0yNFQxMDozMDowMFoifQ"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        items: components["schemas"]["Task"][];
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    createUploadSession: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Scoped per API token. The same key with the same body returns the original answer (Idempotent-Replayed: true) without running the request again; with a different body: 422 idempotency_conflict. Keys expire after 24 hours.
                 * @example 9f2c4e1a-7b3d-4c5e-8a6f-1d2e3f4a5b6c
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56"
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    shoot_id: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "session": {
                     *         "id": "6959b415-9575-48dd-b6d9-f3bbe2c64379",
                     *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *         "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                     *         "state": "in_flight",
                     *         "last_activity_at": "2026-11-24T10:30:00Z",
                     *         "expires_at": "2026-11-24T10:30:00Z",
                     *         "paused_at": "2026-11-24T10:30:00Z",
                     *         "finalized_at": "2026-11-24T10:30:00Z",
                     *         "expired_at": "2026-11-24T10:30:00Z",
                     *         "created_at": "2026-11-24T10:30:00Z",
                     *         "updated_at": "2026-11-24T10:30:00Z",
                     *         "counts": {
                     *           "files": 1,
                     *           "uploading": 1,
                     *           "completed": 1,
                     *           "aborted": 1
                     *         },
                     *         "files": [
                     *           {
                     *             "id": "50009ce1-da4d-45e1-84a0-4024df691eed",
                     *             "session_id": "6959b415-9575-48dd-b6d9-f3bbe2c64379",
                     *             "file_name": "file name",
                     *             "content_type": "image/jpeg",
                     *             "size": 24117248,
                     *             "sha256": "sha256",
                     *             "part_size": 42,
                     *             "part_count": 42,
                     *             "state": "uploading",
                     *             "abort_reason": "abort reason",
                     *             "photo_id": "d84eebad-a93e-4ee1-ab02-9e5b61e4df32",
                     *             "parts_done": 1,
                     *             "parts": [
                     *               {
                     *                 "part_number": 1,
                     *                 "etag": "etag",
                     *                 "recorded_at": "2026-11-24T10:30:00Z"
                     *               }
                     *             ],
                     *             "created_at": "2026-11-24T10:30:00Z",
                     *             "completed_at": "2026-11-24T10:30:00Z"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        session: components["schemas"]["UploadSession"];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getUploadSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 719ecc5c-1c07-419b-a05c-9a70a4edaf45 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "session": {
                     *         "id": "6959b415-9575-48dd-b6d9-f3bbe2c64379",
                     *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *         "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                     *         "state": "in_flight",
                     *         "last_activity_at": "2026-11-24T10:30:00Z",
                     *         "expires_at": "2026-11-24T10:30:00Z",
                     *         "paused_at": "2026-11-24T10:30:00Z",
                     *         "finalized_at": "2026-11-24T10:30:00Z",
                     *         "expired_at": "2026-11-24T10:30:00Z",
                     *         "created_at": "2026-11-24T10:30:00Z",
                     *         "updated_at": "2026-11-24T10:30:00Z",
                     *         "counts": {
                     *           "files": 1,
                     *           "uploading": 1,
                     *           "completed": 1,
                     *           "aborted": 1
                     *         },
                     *         "files": [
                     *           {
                     *             "id": "50009ce1-da4d-45e1-84a0-4024df691eed",
                     *             "session_id": "6959b415-9575-48dd-b6d9-f3bbe2c64379",
                     *             "file_name": "file name",
                     *             "content_type": "image/jpeg",
                     *             "size": 24117248,
                     *             "sha256": "sha256",
                     *             "part_size": 42,
                     *             "part_count": 42,
                     *             "state": "uploading",
                     *             "abort_reason": "abort reason",
                     *             "photo_id": "d84eebad-a93e-4ee1-ab02-9e5b61e4df32",
                     *             "parts_done": 1,
                     *             "parts": [
                     *               {
                     *                 "part_number": 1,
                     *                 "etag": "etag",
                     *                 "recorded_at": "2026-11-24T10:30:00Z"
                     *               }
                     *             ],
                     *             "created_at": "2026-11-24T10:30:00Z",
                     *             "completed_at": "2026-11-24T10:30:00Z"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        session: components["schemas"]["UploadSession"];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    registerUploadFiles: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Scoped per API token. The same key with the same body returns the original answer (Idempotent-Replayed: true) without running the request again; with a different body: 422 idempotency_conflict. Keys expire after 24 hours.
                 * @example 9f2c4e1a-7b3d-4c5e-8a6f-1d2e3f4a5b6c
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example 719ecc5c-1c07-419b-a05c-9a70a4edaf45 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "files": [
                 *         {
                 *           "file_name": "file name",
                 *           "size": 24117248,
                 *           "content_type": "image/jpeg",
                 *           "sha256": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
                 *           "part_size": 5242880
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    files: {
                        file_name: string;
                        size: number;
                        /** @enum {string} */
                        content_type: "image/jpeg" | "image/png" | "image/webp" | "image/gif" | "image/tiff" | "image/avif";
                        sha256?: string | null;
                        part_size?: number | null;
                    }[];
                } | {
                    file_name: string;
                    size: number;
                    /** @enum {string} */
                    content_type: "image/jpeg" | "image/png" | "image/webp" | "image/gif" | "image/tiff" | "image/avif";
                    sha256?: string | null;
                    part_size?: number | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "files": [
                     *         {
                     *           "id": "50009ce1-da4d-45e1-84a0-4024df691eed",
                     *           "session_id": "6959b415-9575-48dd-b6d9-f3bbe2c64379",
                     *           "file_name": "file name",
                     *           "content_type": "image/jpeg",
                     *           "size": 24117248,
                     *           "sha256": "sha256",
                     *           "part_size": 42,
                     *           "part_count": 42,
                     *           "state": "uploading",
                     *           "abort_reason": "abort reason",
                     *           "photo_id": "d84eebad-a93e-4ee1-ab02-9e5b61e4df32",
                     *           "parts_done": 1,
                     *           "parts": [
                     *             {
                     *               "part_number": 1,
                     *               "etag": "etag",
                     *               "recorded_at": "2026-11-24T10:30:00Z"
                     *             }
                     *           ],
                     *           "created_at": "2026-11-24T10:30:00Z",
                     *           "completed_at": "2026-11-24T10:30:00Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        files: components["schemas"]["UploadFile"][];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    abortUploadFile: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Scoped per API token. The same key with the same body returns the original answer (Idempotent-Replayed: true) without running the request again; with a different body: 422 idempotency_conflict. Keys expire after 24 hours.
                 * @example 9f2c4e1a-7b3d-4c5e-8a6f-1d2e3f4a5b6c
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example 719ecc5c-1c07-419b-a05c-9a70a4edaf45 */
                id: string;
                /** @example 50009ce1-da4d-45e1-84a0-4024df691eed */
                fileId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "file": {
                     *         "id": "50009ce1-da4d-45e1-84a0-4024df691eed",
                     *         "session_id": "6959b415-9575-48dd-b6d9-f3bbe2c64379",
                     *         "file_name": "file name",
                     *         "content_type": "image/jpeg",
                     *         "size": 24117248,
                     *         "sha256": "sha256",
                     *         "part_size": 42,
                     *         "part_count": 42,
                     *         "state": "uploading",
                     *         "abort_reason": "abort reason",
                     *         "photo_id": "d84eebad-a93e-4ee1-ab02-9e5b61e4df32",
                     *         "parts_done": 1,
                     *         "parts": [
                     *           {
                     *             "part_number": 1,
                     *             "etag": "etag",
                     *             "recorded_at": "2026-11-24T10:30:00Z"
                     *           }
                     *         ],
                     *         "created_at": "2026-11-24T10:30:00Z",
                     *         "completed_at": "2026-11-24T10:30:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        file: components["schemas"]["UploadFile"];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    completeUploadFile: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Scoped per API token. The same key with the same body returns the original answer (Idempotent-Replayed: true) without running the request again; with a different body: 422 idempotency_conflict. Keys expire after 24 hours.
                 * @example 9f2c4e1a-7b3d-4c5e-8a6f-1d2e3f4a5b6c
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example 719ecc5c-1c07-419b-a05c-9a70a4edaf45 */
                id: string;
                /** @example 50009ce1-da4d-45e1-84a0-4024df691eed */
                fileId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "file": {
                     *         "id": "50009ce1-da4d-45e1-84a0-4024df691eed",
                     *         "session_id": "6959b415-9575-48dd-b6d9-f3bbe2c64379",
                     *         "file_name": "file name",
                     *         "content_type": "image/jpeg",
                     *         "size": 24117248,
                     *         "sha256": "sha256",
                     *         "part_size": 42,
                     *         "part_count": 42,
                     *         "state": "uploading",
                     *         "abort_reason": "abort reason",
                     *         "photo_id": "d84eebad-a93e-4ee1-ab02-9e5b61e4df32",
                     *         "parts_done": 1,
                     *         "parts": [
                     *           {
                     *             "part_number": 1,
                     *             "etag": "etag",
                     *             "recorded_at": "2026-11-24T10:30:00Z"
                     *           }
                     *         ],
                     *         "created_at": "2026-11-24T10:30:00Z",
                     *         "completed_at": "2026-11-24T10:30:00Z"
                     *       },
                     *       "photo": {
                     *         "id": "d84eebad-a93e-4ee1-ab02-9e5b61e4df32",
                     *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *         "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                     *         "upload_file_id": "98292e58-1fe6-4561-8f11-87e106e3dfb6",
                     *         "file_name": "file name",
                     *         "content_type": "image/jpeg",
                     *         "size": 24117248,
                     *         "sha256": "sha256",
                     *         "state": "pending",
                     *         "failure_reason": "failure reason",
                     *         "failure_code": "failure code",
                     *         "width": 6000,
                     *         "height": 4000,
                     *         "capture_time": "2026-11-24T10:30:00Z",
                     *         "keeper": true,
                     *         "cull": {
                     *           "key": {}
                     *         },
                     *         "created_at": "2026-11-24T10:30:00Z",
                     *         "uploaded_at": "2026-11-24T10:30:00Z",
                     *         "processed_at": "2026-11-24T10:30:00Z",
                     *         "updated_at": "2026-11-24T10:30:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        file: components["schemas"]["UploadFile"];
                        photo: components["schemas"]["Photo"] | null;
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    recordUploadPart: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Scoped per API token. The same key with the same body returns the original answer (Idempotent-Replayed: true) without running the request again; with a different body: 422 idempotency_conflict. Keys expire after 24 hours.
                 * @example 9f2c4e1a-7b3d-4c5e-8a6f-1d2e3f4a5b6c
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example 719ecc5c-1c07-419b-a05c-9a70a4edaf45 */
                id: string;
                /** @example 50009ce1-da4d-45e1-84a0-4024df691eed */
                fileId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "part_number": 1,
                 *       "etag": "etag"
                 *     }
                 */
                "application/json": {
                    part_number: number;
                    etag: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "file_id": "50009ce1-da4d-45e1-84a0-4024df691eed",
                     *       "part": {
                     *         "part_number": 1,
                     *         "etag": "etag",
                     *         "recorded_at": "2026-11-24T10:30:00Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** Format: uuid */
                        file_id: string;
                        part: components["schemas"]["UploadPart"];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    signUploadParts: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Scoped per API token. The same key with the same body returns the original answer (Idempotent-Replayed: true) without running the request again; with a different body: 422 idempotency_conflict. Keys expire after 24 hours.
                 * @example 9f2c4e1a-7b3d-4c5e-8a6f-1d2e3f4a5b6c
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example 719ecc5c-1c07-419b-a05c-9a70a4edaf45 */
                id: string;
                /** @example 50009ce1-da4d-45e1-84a0-4024df691eed */
                fileId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "part_numbers": [
                 *         1
                 *       ]
                 *     }
                 */
                "application/json": {
                    part_numbers: number[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "file_id": "50009ce1-da4d-45e1-84a0-4024df691eed",
                     *       "parts": [
                     *         {
                     *           "part_number": 1,
                     *           "url": "https://files.studio.example/url",
                     *           "method": "PUT",
                     *           "headers": {
                     *             "key": "headers"
                     *           },
                     *           "expires_at": "2026-11-24T10:30:00Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** Format: uuid */
                        file_id: string;
                        parts: components["schemas"]["SignedUploadPart"][];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    finalizeUploadSession: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Scoped per API token. The same key with the same body returns the original answer (Idempotent-Replayed: true) without running the request again; with a different body: 422 idempotency_conflict. Keys expire after 24 hours.
                 * @example 9f2c4e1a-7b3d-4c5e-8a6f-1d2e3f4a5b6c
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example 719ecc5c-1c07-419b-a05c-9a70a4edaf45 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "session": {
                     *         "id": "6959b415-9575-48dd-b6d9-f3bbe2c64379",
                     *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *         "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                     *         "state": "in_flight",
                     *         "last_activity_at": "2026-11-24T10:30:00Z",
                     *         "expires_at": "2026-11-24T10:30:00Z",
                     *         "paused_at": "2026-11-24T10:30:00Z",
                     *         "finalized_at": "2026-11-24T10:30:00Z",
                     *         "expired_at": "2026-11-24T10:30:00Z",
                     *         "created_at": "2026-11-24T10:30:00Z",
                     *         "updated_at": "2026-11-24T10:30:00Z",
                     *         "counts": {
                     *           "files": 1,
                     *           "uploading": 1,
                     *           "completed": 1,
                     *           "aborted": 1
                     *         },
                     *         "files": [
                     *           {
                     *             "id": "50009ce1-da4d-45e1-84a0-4024df691eed",
                     *             "session_id": "6959b415-9575-48dd-b6d9-f3bbe2c64379",
                     *             "file_name": "file name",
                     *             "content_type": "image/jpeg",
                     *             "size": 24117248,
                     *             "sha256": "sha256",
                     *             "part_size": 42,
                     *             "part_count": 42,
                     *             "state": "uploading",
                     *             "abort_reason": "abort reason",
                     *             "photo_id": "d84eebad-a93e-4ee1-ab02-9e5b61e4df32",
                     *             "parts_done": 1,
                     *             "parts": [
                     *               {
                     *                 "part_number": 1,
                     *                 "etag": "etag",
                     *                 "recorded_at": "2026-11-24T10:30:00Z"
                     *               }
                     *             ],
                     *             "created_at": "2026-11-24T10:30:00Z",
                     *             "completed_at": "2026-11-24T10:30:00Z"
                     *           }
                     *         ]
                     *       },
                     *       "incomplete_files": [
                     *         {
                     *           "id": "1324182f-e3c4-4d57-bb60-7822b0b23f93",
                     *           "file_name": "file name",
                     *           "parts_done": 1,
                     *           "part_count": 42
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        session: components["schemas"]["UploadSession"];
                        /** @description Files that were still uploading: aborted by the finalize. */
                        incomplete_files: {
                            /** Format: uuid */
                            id: string;
                            file_name: string;
                            parts_done: number;
                            part_count: number;
                        }[];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    pauseUploadSession: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Scoped per API token. The same key with the same body returns the original answer (Idempotent-Replayed: true) without running the request again; with a different body: 422 idempotency_conflict. Keys expire after 24 hours.
                 * @example 9f2c4e1a-7b3d-4c5e-8a6f-1d2e3f4a5b6c
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example 719ecc5c-1c07-419b-a05c-9a70a4edaf45 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "session": {
                     *         "id": "6959b415-9575-48dd-b6d9-f3bbe2c64379",
                     *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *         "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                     *         "state": "in_flight",
                     *         "last_activity_at": "2026-11-24T10:30:00Z",
                     *         "expires_at": "2026-11-24T10:30:00Z",
                     *         "paused_at": "2026-11-24T10:30:00Z",
                     *         "finalized_at": "2026-11-24T10:30:00Z",
                     *         "expired_at": "2026-11-24T10:30:00Z",
                     *         "created_at": "2026-11-24T10:30:00Z",
                     *         "updated_at": "2026-11-24T10:30:00Z",
                     *         "counts": {
                     *           "files": 1,
                     *           "uploading": 1,
                     *           "completed": 1,
                     *           "aborted": 1
                     *         },
                     *         "files": [
                     *           {
                     *             "id": "50009ce1-da4d-45e1-84a0-4024df691eed",
                     *             "session_id": "6959b415-9575-48dd-b6d9-f3bbe2c64379",
                     *             "file_name": "file name",
                     *             "content_type": "image/jpeg",
                     *             "size": 24117248,
                     *             "sha256": "sha256",
                     *             "part_size": 42,
                     *             "part_count": 42,
                     *             "state": "uploading",
                     *             "abort_reason": "abort reason",
                     *             "photo_id": "d84eebad-a93e-4ee1-ab02-9e5b61e4df32",
                     *             "parts_done": 1,
                     *             "parts": [
                     *               {
                     *                 "part_number": 1,
                     *                 "etag": "etag",
                     *                 "recorded_at": "2026-11-24T10:30:00Z"
                     *               }
                     *             ],
                     *             "created_at": "2026-11-24T10:30:00Z",
                     *             "completed_at": "2026-11-24T10:30:00Z"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        session: components["schemas"]["UploadSession"];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    resumeUploadSession: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Scoped per API token. The same key with the same body returns the original answer (Idempotent-Replayed: true) without running the request again; with a different body: 422 idempotency_conflict. Keys expire after 24 hours.
                 * @example 9f2c4e1a-7b3d-4c5e-8a6f-1d2e3f4a5b6c
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example 719ecc5c-1c07-419b-a05c-9a70a4edaf45 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "session": {
                     *         "id": "6959b415-9575-48dd-b6d9-f3bbe2c64379",
                     *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *         "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                     *         "state": "in_flight",
                     *         "last_activity_at": "2026-11-24T10:30:00Z",
                     *         "expires_at": "2026-11-24T10:30:00Z",
                     *         "paused_at": "2026-11-24T10:30:00Z",
                     *         "finalized_at": "2026-11-24T10:30:00Z",
                     *         "expired_at": "2026-11-24T10:30:00Z",
                     *         "created_at": "2026-11-24T10:30:00Z",
                     *         "updated_at": "2026-11-24T10:30:00Z"
                     *       },
                     *       "files": [
                     *         {
                     *           "id": "50009ce1-da4d-45e1-84a0-4024df691eed",
                     *           "file_name": "file name",
                     *           "state": "uploading",
                     *           "size": 24117248,
                     *           "part_size": 42,
                     *           "part_count": 42,
                     *           "photo_id": "d84eebad-a93e-4ee1-ab02-9e5b61e4df32",
                     *           "parts_done": [
                     *             {
                     *               "part_number": 1,
                     *               "etag": "etag",
                     *               "recorded_at": "2026-11-24T10:30:00Z"
                     *             }
                     *           ],
                     *           "parts_missing": [
                     *             1
                     *           ],
                     *           "urls": [
                     *             {
                     *               "part_number": 1,
                     *               "url": "https://files.studio.example/url",
                     *               "method": "PUT",
                     *               "headers": {
                     *                 "key": "headers"
                     *               },
                     *               "expires_at": "2026-11-24T10:30:00Z"
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        session: components["schemas"]["UploadSessionSummary"];
                        files: components["schemas"]["ResumeFile"][];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    unpauseUploadSession: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Scoped per API token. The same key with the same body returns the original answer (Idempotent-Replayed: true) without running the request again; with a different body: 422 idempotency_conflict. Keys expire after 24 hours.
                 * @example 9f2c4e1a-7b3d-4c5e-8a6f-1d2e3f4a5b6c
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example 719ecc5c-1c07-419b-a05c-9a70a4edaf45 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "session": {
                     *         "id": "6959b415-9575-48dd-b6d9-f3bbe2c64379",
                     *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *         "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                     *         "state": "in_flight",
                     *         "last_activity_at": "2026-11-24T10:30:00Z",
                     *         "expires_at": "2026-11-24T10:30:00Z",
                     *         "paused_at": "2026-11-24T10:30:00Z",
                     *         "finalized_at": "2026-11-24T10:30:00Z",
                     *         "expired_at": "2026-11-24T10:30:00Z",
                     *         "created_at": "2026-11-24T10:30:00Z",
                     *         "updated_at": "2026-11-24T10:30:00Z",
                     *         "counts": {
                     *           "files": 1,
                     *           "uploading": 1,
                     *           "completed": 1,
                     *           "aborted": 1
                     *         },
                     *         "files": [
                     *           {
                     *             "id": "50009ce1-da4d-45e1-84a0-4024df691eed",
                     *             "session_id": "6959b415-9575-48dd-b6d9-f3bbe2c64379",
                     *             "file_name": "file name",
                     *             "content_type": "image/jpeg",
                     *             "size": 24117248,
                     *             "sha256": "sha256",
                     *             "part_size": 42,
                     *             "part_count": 42,
                     *             "state": "uploading",
                     *             "abort_reason": "abort reason",
                     *             "photo_id": "d84eebad-a93e-4ee1-ab02-9e5b61e4df32",
                     *             "parts_done": 1,
                     *             "parts": [
                     *               {
                     *                 "part_number": 1,
                     *                 "etag": "etag",
                     *                 "recorded_at": "2026-11-24T10:30:00Z"
                     *               }
                     *             ],
                     *             "created_at": "2026-11-24T10:30:00Z",
                     *             "completed_at": "2026-11-24T10:30:00Z"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        session: components["schemas"]["UploadSession"];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example ff6158b8-773f-4cf3-8b91-de4444d5ab89 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "delivery": {
                     *         "id": "52bfe584-a5fc-4505-b9e2-aa651b990fa2",
                     *         "endpoint_id": "3df9726c-68ba-46d6-88bb-02b65e572df8",
                     *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *         "event_id": "4e1f49a9-c8ae-4a15-8434-e647c0c41035",
                     *         "event_type": "event type",
                     *         "state": "pending",
                     *         "attempt_count": 42,
                     *         "next_attempt_at": "next attempt at",
                     *         "last_attempt_at": "last attempt at",
                     *         "last_status": 1,
                     *         "last_error": "last error",
                     *         "completed_at": "completed at",
                     *         "test": true,
                     *         "created_at": "created at",
                     *         "updated_at": "updated at",
                     *         "payload": {},
                     *         "attempts": [
                     *           {
                     *             "id": "c934cc71-493d-4673-9a53-3ef555c175f7",
                     *             "attempted_at": "attempted at",
                     *             "http_status": 1,
                     *             "error": "error",
                     *             "duration_ms": 1
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        delivery: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            endpoint_id: string;
                            /** Format: uuid */
                            workspace_id: string;
                            /** Format: uuid */
                            event_id: string;
                            event_type: string;
                            /** @enum {string} */
                            state: "pending" | "succeeded" | "failed_retrying" | "dead_letter";
                            attempt_count: number;
                            next_attempt_at: string | null;
                            last_attempt_at: string | null;
                            last_status: number | null;
                            last_error: string | null;
                            completed_at: string | null;
                            /** @description true for a test delivery: example data sent with X-Service-Test: true, not a real event */
                            test: boolean;
                            created_at: string;
                            updated_at: string;
                            payload: unknown;
                            attempts: components["schemas"]["WebhookDeliveryAttempt"][];
                        };
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    replayWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Scoped per API token. The same key with the same body returns the original answer (Idempotent-Replayed: true) without running the request again; with a different body: 422 idempotency_conflict. Keys expire after 24 hours.
                 * @example 9f2c4e1a-7b3d-4c5e-8a6f-1d2e3f4a5b6c
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example ff6158b8-773f-4cf3-8b91-de4444d5ab89 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "delivery": {
                     *         "id": "52bfe584-a5fc-4505-b9e2-aa651b990fa2",
                     *         "endpoint_id": "3df9726c-68ba-46d6-88bb-02b65e572df8",
                     *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *         "event_id": "4e1f49a9-c8ae-4a15-8434-e647c0c41035",
                     *         "event_type": "event type",
                     *         "state": "pending",
                     *         "attempt_count": 42,
                     *         "next_attempt_at": "next attempt at",
                     *         "last_attempt_at": "last attempt at",
                     *         "last_status": 1,
                     *         "last_error": "last error",
                     *         "completed_at": "completed at",
                     *         "test": true,
                     *         "created_at": "created at",
                     *         "updated_at": "updated at"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        delivery: components["schemas"]["WebhookDelivery"];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query: {
                /** @example 87bb59ba-2f92-42a5-a9f1-3e021fd58dd1 */
                workspace_id: string;
                /**
                 * @description Page size, 1 to 100 (default 50).
                 * @example 50
                 */
                limit?: number;
                /** @example eyJrIjoiMjAyNi0xMS0yNFQxMDozMDowMFoifQ */
                cursor?: string;
                /** @example legacy */
                kind?: "legacy" | "subscription" | "all";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "items": [
                     *         {
                     *           "id": "9cd7ec48-00d6-4048-a830-e3e6b6af8c89",
                     *           "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *           "kind": "legacy",
                     *           "url": "https://files.studio.example/url",
                     *           "event_types": [
                     *             "event types"
                     *           ],
                     *           "active": true,
                     *           "created_by": "c1eb78a9-a3dd-4d01-b192-ac2ab4728939",
                     *           "secret_rotated_at": "secret rotated at",
                     *           "previous_secret_expires_at": "previous secret expires at",
                     *           "created_at": "created at",
                     *           "updated_at": "updated at"
                     *         }
                     *       ],
                     *       "next_cursor": "eyJrIjoiMjAyNi0xMS0yNFQxMDozMDowMFoifQ"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        items: components["schemas"]["WebhookEndpoint"][];
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Scoped per API token. The same key with the same body returns the original answer (Idempotent-Replayed: true) without running the request again; with a different body: 422 idempotency_conflict. Keys expire after 24 hours.
                 * @example 9f2c4e1a-7b3d-4c5e-8a6f-1d2e3f4a5b6c
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "url": "https://files.studio.example/url",
                 *       "event_types": [
                 *         "gallery.published"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    workspace_id: string;
                    url: string;
                    event_types: ("gallery.published" | "gallery.delivered" | "ai.cull.completed")[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "webhook_endpoint": {
                     *         "id": "9cd7ec48-00d6-4048-a830-e3e6b6af8c89",
                     *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *         "kind": "legacy",
                     *         "url": "https://files.studio.example/url",
                     *         "event_types": [
                     *           "event types"
                     *         ],
                     *         "active": true,
                     *         "created_by": "c1eb78a9-a3dd-4d01-b192-ac2ab4728939",
                     *         "secret_rotated_at": "secret rotated at",
                     *         "previous_secret_expires_at": "previous secret expires at",
                     *         "created_at": "created at",
                     *         "updated_at": "updated at",
                     *         "signing_secret": "signing secret"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        webhook_endpoint: components["schemas"]["WebhookEndpointWithSecret"];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @example 9cd7ec48-00d6-4048-a830-e3e6b6af8c89 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    Deprecation: components["headers"]["Deprecation"];
                    Sunset: components["headers"]["Sunset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "deleted": true
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        /** @constant */
                        deleted: true;
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /**
                 * @description Page size, 1 to 100 (default 50).
                 * @example 50
                 */
                limit?: number;
                /** @example eyJrIjoiMjAyNi0xMS0yNFQxMDozMDowMFoifQ */
                cursor?: string;
                /** @example pending */
                state?: "pending" | "succeeded" | "failed_retrying" | "dead_letter";
            };
            header?: never;
            path: {
                /** @example 9cd7ec48-00d6-4048-a830-e3e6b6af8c89 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "items": [
                     *         {
                     *           "id": "ff6158b8-773f-4cf3-8b91-de4444d5ab89",
                     *           "endpoint_id": "3df9726c-68ba-46d6-88bb-02b65e572df8",
                     *           "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *           "event_id": "4e1f49a9-c8ae-4a15-8434-e647c0c41035",
                     *           "event_type": "event type",
                     *           "state": "pending",
                     *           "attempt_count": 42,
                     *           "next_attempt_at": "next attempt at",
                     *           "last_attempt_at": "last attempt at",
                     *           "last_status": 1,
                     *           "last_error": "last error",
                     *           "completed_at": "completed at",
                     *           "test": true,
                     *           "created_at": "created at",
                     *           "updated_at": "updated at"
                     *         }
                     *       ],
                     *       "next_cursor": "eyJrIjoiMjAyNi0xMS0yNFQxMDozMDowMFoifQ"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        items: components["schemas"]["WebhookDelivery"][];
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Scoped per API token. The same key with the same body returns the original answer (Idempotent-Replayed: true) without running the request again; with a different body: 422 idempotency_conflict. Keys expire after 24 hours.
                 * @example 9f2c4e1a-7b3d-4c5e-8a6f-1d2e3f4a5b6c
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example 9cd7ec48-00d6-4048-a830-e3e6b6af8c89 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "webhook_endpoint": {
                     *         "id": "9cd7ec48-00d6-4048-a830-e3e6b6af8c89",
                     *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *         "kind": "legacy",
                     *         "url": "https://files.studio.example/url",
                     *         "event_types": [
                     *           "event types"
                     *         ],
                     *         "active": true,
                     *         "created_by": "c1eb78a9-a3dd-4d01-b192-ac2ab4728939",
                     *         "secret_rotated_at": "secret rotated at",
                     *         "previous_secret_expires_at": "previous secret expires at",
                     *         "created_at": "created at",
                     *         "updated_at": "updated at",
                     *         "signing_secret": "signing secret"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        webhook_endpoint: components["schemas"]["WebhookEndpointWithSecret"];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    sendTestWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Scoped per API token. The same key with the same body returns the original answer (Idempotent-Replayed: true) without running the request again; with a different body: 422 idempotency_conflict. Keys expire after 24 hours.
                 * @example 9f2c4e1a-7b3d-4c5e-8a6f-1d2e3f4a5b6c
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @example 9cd7ec48-00d6-4048-a830-e3e6b6af8c89 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "type": "gallery.published"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description One of the event types the endpoint subscribes to; default: the first of them in the order of the event type list.
                     * @enum {string}
                     */
                    type?: "gallery.created" | "gallery.published" | "gallery.delivered" | "shoot.created" | "shoot.completed" | "photo.uploaded" | "ai_job.done" | "ai.cull.completed" | "payment.received" | "order.shipped" | "order.created" | "order.sent_to_print" | "order.delivered" | "order.cancelled" | "order.refunded" | "order.needs_intervention" | "client.created" | "booking.requested" | "booking.accepted" | "booking.declined" | "proposal.sent" | "proposal.viewed" | "proposal.accepted" | "proposal.declined" | "proposal.expired" | "contract.signed" | "invoice.paid" | "review.approved";
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "delivery": {
                     *         "id": "52bfe584-a5fc-4505-b9e2-aa651b990fa2",
                     *         "endpoint_id": "3df9726c-68ba-46d6-88bb-02b65e572df8",
                     *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *         "event_id": "4e1f49a9-c8ae-4a15-8434-e647c0c41035",
                     *         "event_type": "event type",
                     *         "state": "pending",
                     *         "attempt_count": 42,
                     *         "next_attempt_at": "next attempt at",
                     *         "last_attempt_at": "last attempt at",
                     *         "last_status": 1,
                     *         "last_error": "last error",
                     *         "completed_at": "completed at",
                     *         "test": true,
                     *         "created_at": "created at",
                     *         "updated_at": "updated at"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        delivery: components["schemas"]["WebhookDelivery"];
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    subscribeWebhook: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Scoped per API token. The same key with the same body returns the original answer (Idempotent-Replayed: true) without running the request again; with a different body: 422 idempotency_conflict. Keys expire after 24 hours.
                 * @example 9f2c4e1a-7b3d-4c5e-8a6f-1d2e3f4a5b6c
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "target_url": "https://files.studio.example/target_url",
                 *       "event": "gallery.created"
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    workspace_id?: string;
                    target_url: string;
                    /** @enum {string} */
                    event: "gallery.created" | "gallery.published" | "gallery.delivered" | "shoot.created" | "shoot.completed" | "photo.uploaded" | "ai_job.done" | "ai.cull.completed" | "payment.received" | "order.shipped" | "order.created" | "order.sent_to_print" | "order.delivered" | "order.cancelled" | "order.refunded" | "order.needs_intervention" | "client.created" | "booking.requested" | "booking.accepted" | "booking.declined" | "proposal.sent" | "proposal.viewed" | "proposal.accepted" | "proposal.declined" | "proposal.expired" | "contract.signed" | "invoice.paid" | "review.approved";
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "subscription": {
                     *         "id": "4999c6c6-c7ba-4f45-af5b-0053b09a2076",
                     *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *         "target_url": "https://files.studio.example/target_url",
                     *         "event": "event",
                     *         "active": true,
                     *         "created_at": "created at",
                     *         "updated_at": "updated at"
                     *       },
                     *       "created": true
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        subscription: components["schemas"]["WebhookSubscription"];
                        created: boolean;
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["IdempotencyConflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    unsubscribeWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "6b1f0c2e-8d4a-4f3b-9c7e-2a5d8e1f4b70"
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    id: string;
                    /** Format: uuid */
                    workspace_id?: string;
                    target_url?: string;
                    /** @enum {string} */
                    event?: "gallery.created" | "gallery.published" | "gallery.delivered" | "shoot.created" | "shoot.completed" | "photo.uploaded" | "ai_job.done" | "ai.cull.completed" | "payment.received" | "order.shipped" | "order.created" | "order.sent_to_print" | "order.delivered" | "order.cancelled" | "order.refunded" | "order.needs_intervention" | "client.created" | "booking.requested" | "booking.accepted" | "booking.declined" | "proposal.sent" | "proposal.viewed" | "proposal.accepted" | "proposal.declined" | "proposal.expired" | "contract.signed" | "invoice.paid" | "review.approved";
                } | {
                    /** Format: uuid */
                    id?: string;
                    /** Format: uuid */
                    workspace_id?: string;
                    target_url: string;
                    /** @enum {string} */
                    event: "gallery.created" | "gallery.published" | "gallery.delivered" | "shoot.created" | "shoot.completed" | "photo.uploaded" | "ai_job.done" | "ai.cull.completed" | "payment.received" | "order.shipped" | "order.created" | "order.sent_to_print" | "order.delivered" | "order.cancelled" | "order.refunded" | "order.needs_intervention" | "client.created" | "booking.requested" | "booking.accepted" | "booking.declined" | "proposal.sent" | "proposal.viewed" | "proposal.accepted" | "proposal.declined" | "proposal.expired" | "contract.signed" | "invoice.paid" | "review.approved";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "deleted": true
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        deleted: boolean;
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listWorkspaces: {
        parameters: {
            query?: {
                /**
                 * @description Page size, 1 to 100 (default 50).
                 * @example 50
                 */
                limit?: number;
                /** @example eyJrIjoiMjAyNi0xMS0yNFQxMDozMDowMFoifQ */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "items": [
                     *         {
                     *           "id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                     *           "name": "Anna Weber",
                     *           "role": "owner",
                     *           "created_at": "2026-11-24T10:30:00Z"
                     *         }
                     *       ],
                     *       "next_cursor": "eyJrIjoiMjAyNi0xMS0yNFQxMDozMDowMFoifQ"
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        ok: true;
                        items: components["schemas"]["Workspace"][];
                        next_cursor: string | null;
                    };
                };
            };
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    onGalleryCreated: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.
                 * @example t=1795000000,v1=5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event id (the body's `id`): the same on every retry and replay; de-duplicate on it.
                 * @example a384a434-9f6b-4735-b861-07bd9c74a574
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description The event type (the body's `type`).
                 * @example gallery.created
                 */
                "X-Service-Event-Type": "gallery.created";
                /**
                 * @description Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.
                 * @example true
                 */
                "X-Service-Test"?: "true";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "5f105d9d-e862-4c24-89a8-305bff15601c",
                 *       "type": "gallery.created",
                 *       "created_at": "2026-11-24T10:30:00Z",
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "api_version": "2026-11",
                 *       "data": {
                 *         "gallery_id": "352cfc74-9e55-422e-935e-e48e67631ba3",
                 *         "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                 *         "title": "Anna & Ben: wedding",
                 *         "slug": "anna-ben-wedding",
                 *         "photo_count": 42
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["GalleryCreatedEvent"];
            };
        };
        responses: {
            /** @description Retried like a 5xx. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onGalleryPublished: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.
                 * @example t=1795000000,v1=5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event id (the body's `id`): the same on every retry and replay; de-duplicate on it.
                 * @example a384a434-9f6b-4735-b861-07bd9c74a574
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description The event type (the body's `type`).
                 * @example gallery.published
                 */
                "X-Service-Event-Type": "gallery.published";
                /**
                 * @description Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.
                 * @example true
                 */
                "X-Service-Test"?: "true";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "dfc548a0-ae10-4ca1-a4af-316da6088ba2",
                 *       "type": "gallery.published",
                 *       "created_at": "2026-11-24T10:30:00Z",
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "api_version": "2026-11",
                 *       "data": {
                 *         "id": "dfc548a0-ae10-4ca1-a4af-316da6088ba2",
                 *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *         "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                 *         "title": "Anna & Ben: wedding",
                 *         "slug": "anna-ben-wedding",
                 *         "state": "draft",
                 *         "photo_count": 42,
                 *         "published_at": "2026-11-24T10:30:00Z",
                 *         "delivered_at": "2026-11-24T10:30:00Z",
                 *         "created_at": "2026-11-24T10:30:00Z",
                 *         "updated_at": "2026-11-24T10:30:00Z",
                 *         "gallery_id": "352cfc74-9e55-422e-935e-e48e67631ba3"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["GalleryPublishedEvent"];
            };
        };
        responses: {
            /** @description Retried like a 5xx. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onGalleryDelivered: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.
                 * @example t=1795000000,v1=5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event id (the body's `id`): the same on every retry and replay; de-duplicate on it.
                 * @example a384a434-9f6b-4735-b861-07bd9c74a574
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description The event type (the body's `type`).
                 * @example gallery.delivered
                 */
                "X-Service-Event-Type": "gallery.delivered";
                /**
                 * @description Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.
                 * @example true
                 */
                "X-Service-Test"?: "true";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "25a108bb-69e8-4587-b3fb-5f54378babea",
                 *       "type": "gallery.delivered",
                 *       "created_at": "2026-11-24T10:30:00Z",
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "api_version": "2026-11",
                 *       "data": {
                 *         "id": "25a108bb-69e8-4587-b3fb-5f54378babea",
                 *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *         "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                 *         "title": "Anna & Ben: wedding",
                 *         "slug": "anna-ben-wedding",
                 *         "state": "draft",
                 *         "photo_count": 42,
                 *         "published_at": "2026-11-24T10:30:00Z",
                 *         "delivered_at": "2026-11-24T10:30:00Z",
                 *         "created_at": "2026-11-24T10:30:00Z",
                 *         "updated_at": "2026-11-24T10:30:00Z",
                 *         "gallery_id": "352cfc74-9e55-422e-935e-e48e67631ba3",
                 *         "client_session_id": "3ee5c29a-d382-407f-85a8-4334836308cc"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["GalleryDeliveredEvent"];
            };
        };
        responses: {
            /** @description Retried like a 5xx. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onShootCreated: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.
                 * @example t=1795000000,v1=5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event id (the body's `id`): the same on every retry and replay; de-duplicate on it.
                 * @example a384a434-9f6b-4735-b861-07bd9c74a574
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description The event type (the body's `type`).
                 * @example shoot.created
                 */
                "X-Service-Event-Type": "shoot.created";
                /**
                 * @description Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.
                 * @example true
                 */
                "X-Service-Test"?: "true";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "f3fbc7ea-7b00-4d4a-8b86-0712a47f950c",
                 *       "type": "shoot.created",
                 *       "created_at": "2026-11-24T10:30:00Z",
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "api_version": "2026-11",
                 *       "data": {
                 *         "id": "f3fbc7ea-7b00-4d4a-8b86-0712a47f950c",
                 *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *         "title": "Anna & Ben: wedding",
                 *         "slug": "anna-ben-wedding",
                 *         "state": "planned",
                 *         "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                 *         "location": "Stadtpark, Hamburg",
                 *         "scheduled_start": "2026-11-24T10:30:00Z",
                 *         "scheduled_end": "2026-11-24T10:30:00Z",
                 *         "completed_at": "2026-11-24T10:30:00Z",
                 *         "created_at": "2026-11-24T10:30:00Z",
                 *         "updated_at": "2026-11-24T10:30:00Z",
                 *         "shot_list": {
                 *           "total": 42,
                 *           "done": 1
                 *         },
                 *         "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ShootCreatedEvent"];
            };
        };
        responses: {
            /** @description Retried like a 5xx. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onShootCompleted: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.
                 * @example t=1795000000,v1=5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event id (the body's `id`): the same on every retry and replay; de-duplicate on it.
                 * @example a384a434-9f6b-4735-b861-07bd9c74a574
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description The event type (the body's `type`).
                 * @example shoot.completed
                 */
                "X-Service-Event-Type": "shoot.completed";
                /**
                 * @description Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.
                 * @example true
                 */
                "X-Service-Test"?: "true";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "f6e867c2-1426-49d4-a346-3338863fc72a",
                 *       "type": "shoot.completed",
                 *       "created_at": "2026-11-24T10:30:00Z",
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "api_version": "2026-11",
                 *       "data": {
                 *         "id": "f6e867c2-1426-49d4-a346-3338863fc72a",
                 *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *         "title": "Anna & Ben: wedding",
                 *         "slug": "anna-ben-wedding",
                 *         "state": "planned",
                 *         "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                 *         "location": "Stadtpark, Hamburg",
                 *         "scheduled_start": "2026-11-24T10:30:00Z",
                 *         "scheduled_end": "2026-11-24T10:30:00Z",
                 *         "completed_at": "2026-11-24T10:30:00Z",
                 *         "created_at": "2026-11-24T10:30:00Z",
                 *         "updated_at": "2026-11-24T10:30:00Z",
                 *         "shot_list": {
                 *           "total": 42,
                 *           "done": 1
                 *         },
                 *         "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                 *         "completed_by": "shot_list"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ShootCompletedEvent"];
            };
        };
        responses: {
            /** @description Retried like a 5xx. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onPhotoUploaded: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.
                 * @example t=1795000000,v1=5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event id (the body's `id`): the same on every retry and replay; de-duplicate on it.
                 * @example a384a434-9f6b-4735-b861-07bd9c74a574
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description The event type (the body's `type`).
                 * @example photo.uploaded
                 */
                "X-Service-Event-Type": "photo.uploaded";
                /**
                 * @description Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.
                 * @example true
                 */
                "X-Service-Test"?: "true";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "739adfec-f832-43be-a670-e743bdd32750",
                 *       "type": "photo.uploaded",
                 *       "created_at": "2026-11-24T10:30:00Z",
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "api_version": "2026-11",
                 *       "data": {
                 *         "id": "739adfec-f832-43be-a670-e743bdd32750",
                 *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *         "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                 *         "upload_file_id": "98292e58-1fe6-4561-8f11-87e106e3dfb6",
                 *         "file_name": "file name",
                 *         "content_type": "image/jpeg",
                 *         "size": 24117248,
                 *         "sha256": "sha256",
                 *         "state": "pending",
                 *         "failure_reason": "failure reason",
                 *         "failure_code": "failure code",
                 *         "width": 6000,
                 *         "height": 4000,
                 *         "capture_time": "2026-11-24T10:30:00Z",
                 *         "keeper": true,
                 *         "cull": {
                 *           "key": {}
                 *         },
                 *         "created_at": "2026-11-24T10:30:00Z",
                 *         "uploaded_at": "2026-11-24T10:30:00Z",
                 *         "processed_at": "2026-11-24T10:30:00Z",
                 *         "updated_at": "2026-11-24T10:30:00Z",
                 *         "photo_id": "d84eebad-a93e-4ee1-ab02-9e5b61e4df32",
                 *         "upload_session_id": "719ecc5c-1c07-419b-a05c-9a70a4edaf45"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["PhotoUploadedEvent"];
            };
        };
        responses: {
            /** @description Retried like a 5xx. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onAiJobDone: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.
                 * @example t=1795000000,v1=5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event id (the body's `id`): the same on every retry and replay; de-duplicate on it.
                 * @example a384a434-9f6b-4735-b861-07bd9c74a574
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description The event type (the body's `type`).
                 * @example ai_job.done
                 */
                "X-Service-Event-Type": "ai_job.done";
                /**
                 * @description Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.
                 * @example true
                 */
                "X-Service-Test"?: "true";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "8ca5a0d4-fc9d-448a-b3c3-74fc9f434c02",
                 *       "type": "ai_job.done",
                 *       "created_at": "2026-11-24T10:30:00Z",
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "api_version": "2026-11",
                 *       "data": {
                 *         "job_id": "ad617a0f-dd57-43f4-b8eb-b27f6f60470b",
                 *         "type": "type",
                 *         "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                 *         "state": "succeeded",
                 *         "counts": {
                 *           "total": 42,
                 *           "keeper": 1,
                 *           "reject": 1,
                 *           "blurry": 1,
                 *           "underexposed": 1,
                 *           "overexposed": 1,
                 *           "duplicate": 1,
                 *           "duplicate_groups": 1
                 *         },
                 *         "error": "error"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["AiJobDoneEvent"];
            };
        };
        responses: {
            /** @description Retried like a 5xx. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onAiCullCompleted: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.
                 * @example t=1795000000,v1=5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event id (the body's `id`): the same on every retry and replay; de-duplicate on it.
                 * @example a384a434-9f6b-4735-b861-07bd9c74a574
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description The event type (the body's `type`).
                 * @example ai.cull.completed
                 */
                "X-Service-Event-Type": "ai.cull.completed";
                /**
                 * @description Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.
                 * @example true
                 */
                "X-Service-Test"?: "true";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "eefe22c9-3683-441a-971a-7b3272e5362e",
                 *       "type": "ai.cull.completed",
                 *       "created_at": "2026-11-24T10:30:00Z",
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "api_version": "2026-11",
                 *       "data": {
                 *         "job_id": "ad617a0f-dd57-43f4-b8eb-b27f6f60470b",
                 *         "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                 *         "sensitivity": "low",
                 *         "counts": {
                 *           "total": 42,
                 *           "keeper": 1,
                 *           "reject": 1,
                 *           "blurry": 1,
                 *           "underexposed": 1,
                 *           "overexposed": 1,
                 *           "duplicate": 1,
                 *           "duplicate_groups": 1
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["AiCullCompletedEvent"];
            };
        };
        responses: {
            /** @description Retried like a 5xx. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onPaymentReceived: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.
                 * @example t=1795000000,v1=5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event id (the body's `id`): the same on every retry and replay; de-duplicate on it.
                 * @example a384a434-9f6b-4735-b861-07bd9c74a574
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description The event type (the body's `type`).
                 * @example payment.received
                 */
                "X-Service-Event-Type": "payment.received";
                /**
                 * @description Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.
                 * @example true
                 */
                "X-Service-Test"?: "true";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "81ffd9d0-0808-4947-abb9-31c5eb324ca3",
                 *       "type": "payment.received",
                 *       "created_at": "2026-11-24T10:30:00Z",
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "api_version": "2026-11",
                 *       "data": {
                 *         "source": "invoice",
                 *         "invoice_id": "b832002d-a297-445f-b2c6-cc36303a5f9b",
                 *         "order_id": "6be09082-5c99-4103-9aee-21d9ac0fc9c3",
                 *         "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                 *         "amount_cents": 1,
                 *         "currency": "EUR",
                 *         "paid_at": "2026-11-24T10:30:00Z"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["PaymentReceivedEvent"];
            };
        };
        responses: {
            /** @description Retried like a 5xx. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onOrderShipped: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.
                 * @example t=1795000000,v1=5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event id (the body's `id`): the same on every retry and replay; de-duplicate on it.
                 * @example a384a434-9f6b-4735-b861-07bd9c74a574
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description The event type (the body's `type`).
                 * @example order.shipped
                 */
                "X-Service-Event-Type": "order.shipped";
                /**
                 * @description Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.
                 * @example true
                 */
                "X-Service-Test"?: "true";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "b6442d14-8e6d-4c9d-b56d-ad65da017d94",
                 *       "type": "order.shipped",
                 *       "created_at": "2026-11-24T10:30:00Z",
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "api_version": "2026-11",
                 *       "data": {
                 *         "id": "b6442d14-8e6d-4c9d-b56d-ad65da017d94",
                 *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *         "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                 *         "number": "number",
                 *         "status": "pending",
                 *         "total_cents": 42,
                 *         "currency": "EUR",
                 *         "paid_at": "2026-11-24T10:30:00Z",
                 *         "created_at": "2026-11-24T10:30:00Z",
                 *         "order_id": "6be09082-5c99-4103-9aee-21d9ac0fc9c3",
                 *         "tracking_number": "tracking number",
                 *         "status_reason": "status reason",
                 *         "previous_status": "pending",
                 *         "updated_at": "2026-11-24T10:30:00Z"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["OrderShippedEvent"];
            };
        };
        responses: {
            /** @description Retried like a 5xx. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onOrderCreated: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.
                 * @example t=1795000000,v1=5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event id (the body's `id`): the same on every retry and replay; de-duplicate on it.
                 * @example a384a434-9f6b-4735-b861-07bd9c74a574
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description The event type (the body's `type`).
                 * @example order.created
                 */
                "X-Service-Event-Type": "order.created";
                /**
                 * @description Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.
                 * @example true
                 */
                "X-Service-Test"?: "true";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "c07ec647-a19a-4be8-8172-e07b665bc730",
                 *       "type": "order.created",
                 *       "created_at": "2026-11-24T10:30:00Z",
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "api_version": "2026-11",
                 *       "data": {
                 *         "id": "c07ec647-a19a-4be8-8172-e07b665bc730",
                 *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *         "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                 *         "number": "number",
                 *         "status": "pending",
                 *         "total_cents": 42,
                 *         "currency": "EUR",
                 *         "paid_at": "2026-11-24T10:30:00Z",
                 *         "created_at": "2026-11-24T10:30:00Z",
                 *         "order_id": "6be09082-5c99-4103-9aee-21d9ac0fc9c3",
                 *         "tracking_number": "tracking number",
                 *         "status_reason": "status reason",
                 *         "previous_status": "pending",
                 *         "updated_at": "2026-11-24T10:30:00Z"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["OrderCreatedEvent"];
            };
        };
        responses: {
            /** @description Retried like a 5xx. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onOrderSentToPrint: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.
                 * @example t=1795000000,v1=5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event id (the body's `id`): the same on every retry and replay; de-duplicate on it.
                 * @example a384a434-9f6b-4735-b861-07bd9c74a574
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description The event type (the body's `type`).
                 * @example order.sent_to_print
                 */
                "X-Service-Event-Type": "order.sent_to_print";
                /**
                 * @description Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.
                 * @example true
                 */
                "X-Service-Test"?: "true";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "ba2dfe24-69ea-45ce-8e22-bcec759d1357",
                 *       "type": "order.sent_to_print",
                 *       "created_at": "2026-11-24T10:30:00Z",
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "api_version": "2026-11",
                 *       "data": {
                 *         "id": "ba2dfe24-69ea-45ce-8e22-bcec759d1357",
                 *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *         "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                 *         "number": "number",
                 *         "status": "pending",
                 *         "total_cents": 42,
                 *         "currency": "EUR",
                 *         "paid_at": "2026-11-24T10:30:00Z",
                 *         "created_at": "2026-11-24T10:30:00Z",
                 *         "order_id": "6be09082-5c99-4103-9aee-21d9ac0fc9c3",
                 *         "tracking_number": "tracking number",
                 *         "status_reason": "status reason",
                 *         "previous_status": "pending",
                 *         "updated_at": "2026-11-24T10:30:00Z"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["OrderSentToPrintEvent"];
            };
        };
        responses: {
            /** @description Retried like a 5xx. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onOrderDelivered: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.
                 * @example t=1795000000,v1=5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event id (the body's `id`): the same on every retry and replay; de-duplicate on it.
                 * @example a384a434-9f6b-4735-b861-07bd9c74a574
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description The event type (the body's `type`).
                 * @example order.delivered
                 */
                "X-Service-Event-Type": "order.delivered";
                /**
                 * @description Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.
                 * @example true
                 */
                "X-Service-Test"?: "true";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "57484ec0-dcc9-4bed-989c-ff84aef8b744",
                 *       "type": "order.delivered",
                 *       "created_at": "2026-11-24T10:30:00Z",
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "api_version": "2026-11",
                 *       "data": {
                 *         "id": "57484ec0-dcc9-4bed-989c-ff84aef8b744",
                 *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *         "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                 *         "number": "number",
                 *         "status": "pending",
                 *         "total_cents": 42,
                 *         "currency": "EUR",
                 *         "paid_at": "2026-11-24T10:30:00Z",
                 *         "created_at": "2026-11-24T10:30:00Z",
                 *         "order_id": "6be09082-5c99-4103-9aee-21d9ac0fc9c3",
                 *         "tracking_number": "tracking number",
                 *         "status_reason": "status reason",
                 *         "previous_status": "pending",
                 *         "updated_at": "2026-11-24T10:30:00Z"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["OrderDeliveredEvent"];
            };
        };
        responses: {
            /** @description Retried like a 5xx. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onOrderCancelled: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.
                 * @example t=1795000000,v1=5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event id (the body's `id`): the same on every retry and replay; de-duplicate on it.
                 * @example a384a434-9f6b-4735-b861-07bd9c74a574
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description The event type (the body's `type`).
                 * @example order.cancelled
                 */
                "X-Service-Event-Type": "order.cancelled";
                /**
                 * @description Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.
                 * @example true
                 */
                "X-Service-Test"?: "true";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "0ed31fe5-d932-4b89-a9a1-d15115b413d1",
                 *       "type": "order.cancelled",
                 *       "created_at": "2026-11-24T10:30:00Z",
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "api_version": "2026-11",
                 *       "data": {
                 *         "id": "0ed31fe5-d932-4b89-a9a1-d15115b413d1",
                 *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *         "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                 *         "number": "number",
                 *         "status": "pending",
                 *         "total_cents": 42,
                 *         "currency": "EUR",
                 *         "paid_at": "2026-11-24T10:30:00Z",
                 *         "created_at": "2026-11-24T10:30:00Z",
                 *         "order_id": "6be09082-5c99-4103-9aee-21d9ac0fc9c3",
                 *         "tracking_number": "tracking number",
                 *         "status_reason": "status reason",
                 *         "previous_status": "pending",
                 *         "updated_at": "2026-11-24T10:30:00Z"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["OrderCancelledEvent"];
            };
        };
        responses: {
            /** @description Retried like a 5xx. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onOrderRefunded: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.
                 * @example t=1795000000,v1=5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event id (the body's `id`): the same on every retry and replay; de-duplicate on it.
                 * @example a384a434-9f6b-4735-b861-07bd9c74a574
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description The event type (the body's `type`).
                 * @example order.refunded
                 */
                "X-Service-Event-Type": "order.refunded";
                /**
                 * @description Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.
                 * @example true
                 */
                "X-Service-Test"?: "true";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "c0ef1029-c67f-434e-93e5-5f4118d4c45a",
                 *       "type": "order.refunded",
                 *       "created_at": "2026-11-24T10:30:00Z",
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "api_version": "2026-11",
                 *       "data": {
                 *         "id": "c0ef1029-c67f-434e-93e5-5f4118d4c45a",
                 *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *         "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                 *         "number": "number",
                 *         "status": "pending",
                 *         "total_cents": 42,
                 *         "currency": "EUR",
                 *         "paid_at": "2026-11-24T10:30:00Z",
                 *         "created_at": "2026-11-24T10:30:00Z",
                 *         "order_id": "6be09082-5c99-4103-9aee-21d9ac0fc9c3",
                 *         "tracking_number": "tracking number",
                 *         "status_reason": "status reason",
                 *         "previous_status": "pending",
                 *         "updated_at": "2026-11-24T10:30:00Z"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["OrderRefundedEvent"];
            };
        };
        responses: {
            /** @description Retried like a 5xx. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onOrderNeedsIntervention: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.
                 * @example t=1795000000,v1=5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event id (the body's `id`): the same on every retry and replay; de-duplicate on it.
                 * @example a384a434-9f6b-4735-b861-07bd9c74a574
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description The event type (the body's `type`).
                 * @example order.needs_intervention
                 */
                "X-Service-Event-Type": "order.needs_intervention";
                /**
                 * @description Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.
                 * @example true
                 */
                "X-Service-Test"?: "true";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "b801b2ae-6130-4c60-8445-8571d4481f65",
                 *       "type": "order.needs_intervention",
                 *       "created_at": "2026-11-24T10:30:00Z",
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "api_version": "2026-11",
                 *       "data": {
                 *         "id": "b801b2ae-6130-4c60-8445-8571d4481f65",
                 *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *         "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                 *         "number": "number",
                 *         "status": "pending",
                 *         "total_cents": 42,
                 *         "currency": "EUR",
                 *         "paid_at": "2026-11-24T10:30:00Z",
                 *         "created_at": "2026-11-24T10:30:00Z",
                 *         "order_id": "6be09082-5c99-4103-9aee-21d9ac0fc9c3",
                 *         "tracking_number": "tracking number",
                 *         "status_reason": "status reason",
                 *         "previous_status": "pending",
                 *         "updated_at": "2026-11-24T10:30:00Z"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["OrderNeedsInterventionEvent"];
            };
        };
        responses: {
            /** @description Retried like a 5xx. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onClientCreated: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.
                 * @example t=1795000000,v1=5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event id (the body's `id`): the same on every retry and replay; de-duplicate on it.
                 * @example a384a434-9f6b-4735-b861-07bd9c74a574
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description The event type (the body's `type`).
                 * @example client.created
                 */
                "X-Service-Event-Type": "client.created";
                /**
                 * @description Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.
                 * @example true
                 */
                "X-Service-Test"?: "true";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "7aa48004-2ad6-49c9-8547-69e10c4e4c1f",
                 *       "type": "client.created",
                 *       "created_at": "2026-11-24T10:30:00Z",
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "api_version": "2026-11",
                 *       "data": {
                 *         "id": "7aa48004-2ad6-49c9-8547-69e10c4e4c1f",
                 *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *         "name": "Anna Weber",
                 *         "email": "anna.weber@example.com",
                 *         "phone": "+49 40 1234567",
                 *         "notes": "Prefers natural light; no flash during the ceremony.",
                 *         "created_at": "2026-11-24T10:30:00Z",
                 *         "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                 *         "updated_at": "2026-11-24T10:30:00Z"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ClientCreatedEvent"];
            };
        };
        responses: {
            /** @description Retried like a 5xx. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onBookingRequested: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.
                 * @example t=1795000000,v1=5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event id (the body's `id`): the same on every retry and replay; de-duplicate on it.
                 * @example a384a434-9f6b-4735-b861-07bd9c74a574
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description The event type (the body's `type`).
                 * @example booking.requested
                 */
                "X-Service-Event-Type": "booking.requested";
                /**
                 * @description Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.
                 * @example true
                 */
                "X-Service-Test"?: "true";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "a18792f6-3c46-44ad-b9b6-416773e9585d",
                 *       "type": "booking.requested",
                 *       "created_at": "2026-11-24T10:30:00Z",
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "api_version": "2026-11",
                 *       "data": {
                 *         "id": "a18792f6-3c46-44ad-b9b6-416773e9585d",
                 *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *         "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                 *         "lead_id": "64597828-7991-46f4-8bca-f5840f5653b8",
                 *         "title": "Anna & Ben: wedding",
                 *         "status": "requested",
                 *         "scheduled_start": "2026-11-24T10:30:00Z",
                 *         "scheduled_end": "2026-11-24T10:30:00Z",
                 *         "location": "Stadtpark, Hamburg",
                 *         "notes": "Prefers natural light; no flash during the ceremony.",
                 *         "decided_at": "2026-11-24T10:30:00Z",
                 *         "decline_reason": "decline reason",
                 *         "created_at": "2026-11-24T10:30:00Z",
                 *         "updated_at": "2026-11-24T10:30:00Z",
                 *         "booking_id": "948e03e7-054b-419e-a6cb-431e942f90ae"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["BookingRequestedEvent"];
            };
        };
        responses: {
            /** @description Retried like a 5xx. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onBookingAccepted: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.
                 * @example t=1795000000,v1=5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event id (the body's `id`): the same on every retry and replay; de-duplicate on it.
                 * @example a384a434-9f6b-4735-b861-07bd9c74a574
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description The event type (the body's `type`).
                 * @example booking.accepted
                 */
                "X-Service-Event-Type": "booking.accepted";
                /**
                 * @description Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.
                 * @example true
                 */
                "X-Service-Test"?: "true";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "48ab1972-24d0-4b71-8ac6-57c558d1ac91",
                 *       "type": "booking.accepted",
                 *       "created_at": "2026-11-24T10:30:00Z",
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "api_version": "2026-11",
                 *       "data": {
                 *         "id": "48ab1972-24d0-4b71-8ac6-57c558d1ac91",
                 *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *         "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                 *         "lead_id": "64597828-7991-46f4-8bca-f5840f5653b8",
                 *         "title": "Anna & Ben: wedding",
                 *         "status": "requested",
                 *         "scheduled_start": "2026-11-24T10:30:00Z",
                 *         "scheduled_end": "2026-11-24T10:30:00Z",
                 *         "location": "Stadtpark, Hamburg",
                 *         "notes": "Prefers natural light; no flash during the ceremony.",
                 *         "decided_at": "2026-11-24T10:30:00Z",
                 *         "decline_reason": "decline reason",
                 *         "created_at": "2026-11-24T10:30:00Z",
                 *         "updated_at": "2026-11-24T10:30:00Z",
                 *         "booking_id": "948e03e7-054b-419e-a6cb-431e942f90ae"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["BookingAcceptedEvent"];
            };
        };
        responses: {
            /** @description Retried like a 5xx. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onBookingDeclined: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.
                 * @example t=1795000000,v1=5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event id (the body's `id`): the same on every retry and replay; de-duplicate on it.
                 * @example a384a434-9f6b-4735-b861-07bd9c74a574
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description The event type (the body's `type`).
                 * @example booking.declined
                 */
                "X-Service-Event-Type": "booking.declined";
                /**
                 * @description Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.
                 * @example true
                 */
                "X-Service-Test"?: "true";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "74e9b15e-6c32-4c6d-babe-096a1ef08468",
                 *       "type": "booking.declined",
                 *       "created_at": "2026-11-24T10:30:00Z",
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "api_version": "2026-11",
                 *       "data": {
                 *         "id": "74e9b15e-6c32-4c6d-babe-096a1ef08468",
                 *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *         "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                 *         "lead_id": "64597828-7991-46f4-8bca-f5840f5653b8",
                 *         "title": "Anna & Ben: wedding",
                 *         "status": "requested",
                 *         "scheduled_start": "2026-11-24T10:30:00Z",
                 *         "scheduled_end": "2026-11-24T10:30:00Z",
                 *         "location": "Stadtpark, Hamburg",
                 *         "notes": "Prefers natural light; no flash during the ceremony.",
                 *         "decided_at": "2026-11-24T10:30:00Z",
                 *         "decline_reason": "decline reason",
                 *         "created_at": "2026-11-24T10:30:00Z",
                 *         "updated_at": "2026-11-24T10:30:00Z",
                 *         "booking_id": "948e03e7-054b-419e-a6cb-431e942f90ae"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["BookingDeclinedEvent"];
            };
        };
        responses: {
            /** @description Retried like a 5xx. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onProposalSent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.
                 * @example t=1795000000,v1=5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event id (the body's `id`): the same on every retry and replay; de-duplicate on it.
                 * @example a384a434-9f6b-4735-b861-07bd9c74a574
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description The event type (the body's `type`).
                 * @example proposal.sent
                 */
                "X-Service-Event-Type": "proposal.sent";
                /**
                 * @description Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.
                 * @example true
                 */
                "X-Service-Test"?: "true";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "cd322a55-27bb-4ec0-98fa-17a68f88fcc2",
                 *       "type": "proposal.sent",
                 *       "created_at": "2026-11-24T10:30:00Z",
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "api_version": "2026-11",
                 *       "data": {
                 *         "id": "cd322a55-27bb-4ec0-98fa-17a68f88fcc2",
                 *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *         "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                 *         "lead_id": "64597828-7991-46f4-8bca-f5840f5653b8",
                 *         "title": "Anna & Ben: wedding",
                 *         "status": "draft",
                 *         "amount_cents": 1,
                 *         "currency": "EUR",
                 *         "expires_at": "2026-11-24T10:30:00Z",
                 *         "sent_at": "2026-11-24T10:30:00Z",
                 *         "viewed_at": "2026-11-24T10:30:00Z",
                 *         "decided_at": "2026-11-24T10:30:00Z",
                 *         "decline_reason": "decline reason",
                 *         "created_at": "2026-11-24T10:30:00Z",
                 *         "updated_at": "2026-11-24T10:30:00Z",
                 *         "proposal_id": "5d42766c-7eca-446c-b44f-7ed2f8940a00"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ProposalSentEvent"];
            };
        };
        responses: {
            /** @description Retried like a 5xx. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onProposalViewed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.
                 * @example t=1795000000,v1=5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event id (the body's `id`): the same on every retry and replay; de-duplicate on it.
                 * @example a384a434-9f6b-4735-b861-07bd9c74a574
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description The event type (the body's `type`).
                 * @example proposal.viewed
                 */
                "X-Service-Event-Type": "proposal.viewed";
                /**
                 * @description Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.
                 * @example true
                 */
                "X-Service-Test"?: "true";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "8051c565-060d-41aa-9385-5fedfdcba34a",
                 *       "type": "proposal.viewed",
                 *       "created_at": "2026-11-24T10:30:00Z",
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "api_version": "2026-11",
                 *       "data": {
                 *         "id": "8051c565-060d-41aa-9385-5fedfdcba34a",
                 *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *         "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                 *         "lead_id": "64597828-7991-46f4-8bca-f5840f5653b8",
                 *         "title": "Anna & Ben: wedding",
                 *         "status": "draft",
                 *         "amount_cents": 1,
                 *         "currency": "EUR",
                 *         "expires_at": "2026-11-24T10:30:00Z",
                 *         "sent_at": "2026-11-24T10:30:00Z",
                 *         "viewed_at": "2026-11-24T10:30:00Z",
                 *         "decided_at": "2026-11-24T10:30:00Z",
                 *         "decline_reason": "decline reason",
                 *         "created_at": "2026-11-24T10:30:00Z",
                 *         "updated_at": "2026-11-24T10:30:00Z",
                 *         "proposal_id": "5d42766c-7eca-446c-b44f-7ed2f8940a00"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ProposalViewedEvent"];
            };
        };
        responses: {
            /** @description Retried like a 5xx. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onProposalAccepted: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.
                 * @example t=1795000000,v1=5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event id (the body's `id`): the same on every retry and replay; de-duplicate on it.
                 * @example a384a434-9f6b-4735-b861-07bd9c74a574
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description The event type (the body's `type`).
                 * @example proposal.accepted
                 */
                "X-Service-Event-Type": "proposal.accepted";
                /**
                 * @description Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.
                 * @example true
                 */
                "X-Service-Test"?: "true";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "2f47faed-0f61-4fc0-ab62-4589514d6f57",
                 *       "type": "proposal.accepted",
                 *       "created_at": "2026-11-24T10:30:00Z",
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "api_version": "2026-11",
                 *       "data": {
                 *         "id": "2f47faed-0f61-4fc0-ab62-4589514d6f57",
                 *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *         "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                 *         "lead_id": "64597828-7991-46f4-8bca-f5840f5653b8",
                 *         "title": "Anna & Ben: wedding",
                 *         "status": "draft",
                 *         "amount_cents": 1,
                 *         "currency": "EUR",
                 *         "expires_at": "2026-11-24T10:30:00Z",
                 *         "sent_at": "2026-11-24T10:30:00Z",
                 *         "viewed_at": "2026-11-24T10:30:00Z",
                 *         "decided_at": "2026-11-24T10:30:00Z",
                 *         "decline_reason": "decline reason",
                 *         "created_at": "2026-11-24T10:30:00Z",
                 *         "updated_at": "2026-11-24T10:30:00Z",
                 *         "proposal_id": "5d42766c-7eca-446c-b44f-7ed2f8940a00"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ProposalAcceptedEvent"];
            };
        };
        responses: {
            /** @description Retried like a 5xx. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onProposalDeclined: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.
                 * @example t=1795000000,v1=5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event id (the body's `id`): the same on every retry and replay; de-duplicate on it.
                 * @example a384a434-9f6b-4735-b861-07bd9c74a574
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description The event type (the body's `type`).
                 * @example proposal.declined
                 */
                "X-Service-Event-Type": "proposal.declined";
                /**
                 * @description Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.
                 * @example true
                 */
                "X-Service-Test"?: "true";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "b6f30da2-2872-4faf-bc33-6b3b4e524fb2",
                 *       "type": "proposal.declined",
                 *       "created_at": "2026-11-24T10:30:00Z",
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "api_version": "2026-11",
                 *       "data": {
                 *         "id": "b6f30da2-2872-4faf-bc33-6b3b4e524fb2",
                 *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *         "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                 *         "lead_id": "64597828-7991-46f4-8bca-f5840f5653b8",
                 *         "title": "Anna & Ben: wedding",
                 *         "status": "draft",
                 *         "amount_cents": 1,
                 *         "currency": "EUR",
                 *         "expires_at": "2026-11-24T10:30:00Z",
                 *         "sent_at": "2026-11-24T10:30:00Z",
                 *         "viewed_at": "2026-11-24T10:30:00Z",
                 *         "decided_at": "2026-11-24T10:30:00Z",
                 *         "decline_reason": "decline reason",
                 *         "created_at": "2026-11-24T10:30:00Z",
                 *         "updated_at": "2026-11-24T10:30:00Z",
                 *         "proposal_id": "5d42766c-7eca-446c-b44f-7ed2f8940a00"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ProposalDeclinedEvent"];
            };
        };
        responses: {
            /** @description Retried like a 5xx. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onProposalExpired: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.
                 * @example t=1795000000,v1=5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event id (the body's `id`): the same on every retry and replay; de-duplicate on it.
                 * @example a384a434-9f6b-4735-b861-07bd9c74a574
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description The event type (the body's `type`).
                 * @example proposal.expired
                 */
                "X-Service-Event-Type": "proposal.expired";
                /**
                 * @description Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.
                 * @example true
                 */
                "X-Service-Test"?: "true";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "b7931809-2f5f-4955-ad5b-c821636e39bf",
                 *       "type": "proposal.expired",
                 *       "created_at": "2026-11-24T10:30:00Z",
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "api_version": "2026-11",
                 *       "data": {
                 *         "id": "b7931809-2f5f-4955-ad5b-c821636e39bf",
                 *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *         "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                 *         "lead_id": "64597828-7991-46f4-8bca-f5840f5653b8",
                 *         "title": "Anna & Ben: wedding",
                 *         "status": "draft",
                 *         "amount_cents": 1,
                 *         "currency": "EUR",
                 *         "expires_at": "2026-11-24T10:30:00Z",
                 *         "sent_at": "2026-11-24T10:30:00Z",
                 *         "viewed_at": "2026-11-24T10:30:00Z",
                 *         "decided_at": "2026-11-24T10:30:00Z",
                 *         "decline_reason": "decline reason",
                 *         "created_at": "2026-11-24T10:30:00Z",
                 *         "updated_at": "2026-11-24T10:30:00Z",
                 *         "proposal_id": "5d42766c-7eca-446c-b44f-7ed2f8940a00"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ProposalExpiredEvent"];
            };
        };
        responses: {
            /** @description Retried like a 5xx. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onContractSigned: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.
                 * @example t=1795000000,v1=5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event id (the body's `id`): the same on every retry and replay; de-duplicate on it.
                 * @example a384a434-9f6b-4735-b861-07bd9c74a574
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description The event type (the body's `type`).
                 * @example contract.signed
                 */
                "X-Service-Event-Type": "contract.signed";
                /**
                 * @description Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.
                 * @example true
                 */
                "X-Service-Test"?: "true";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "2bb6a1a2-a6d7-41a5-849e-51fad6780943",
                 *       "type": "contract.signed",
                 *       "created_at": "2026-11-24T10:30:00Z",
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "api_version": "2026-11",
                 *       "data": {
                 *         "id": "2bb6a1a2-a6d7-41a5-849e-51fad6780943",
                 *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *         "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                 *         "proposal_id": "5d42766c-7eca-446c-b44f-7ed2f8940a00",
                 *         "title": "Anna & Ben: wedding",
                 *         "status": "sent",
                 *         "sent_at": "2026-11-24T10:30:00Z",
                 *         "signed_at": "2026-11-24T10:30:00Z",
                 *         "signed_by": "signed by",
                 *         "created_at": "2026-11-24T10:30:00Z",
                 *         "updated_at": "2026-11-24T10:30:00Z",
                 *         "contract_id": "a6f5b0e5-92fa-48e4-ba80-14ad5f62214f"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ContractSignedEvent"];
            };
        };
        responses: {
            /** @description Retried like a 5xx. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onInvoicePaid: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.
                 * @example t=1795000000,v1=5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event id (the body's `id`): the same on every retry and replay; de-duplicate on it.
                 * @example a384a434-9f6b-4735-b861-07bd9c74a574
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description The event type (the body's `type`).
                 * @example invoice.paid
                 */
                "X-Service-Event-Type": "invoice.paid";
                /**
                 * @description Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.
                 * @example true
                 */
                "X-Service-Test"?: "true";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "3b09754e-4f32-4cb3-9bcd-8f9bb9883cd4",
                 *       "type": "invoice.paid",
                 *       "created_at": "2026-11-24T10:30:00Z",
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "api_version": "2026-11",
                 *       "data": {
                 *         "id": "3b09754e-4f32-4cb3-9bcd-8f9bb9883cd4",
                 *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *         "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                 *         "number": "number",
                 *         "status": "draft",
                 *         "amount_cents": 1,
                 *         "currency": "EUR",
                 *         "due_at": "2026-11-24T10:30:00Z",
                 *         "paid_at": "2026-11-24T10:30:00Z",
                 *         "created_at": "2026-11-24T10:30:00Z",
                 *         "invoice_id": "b832002d-a297-445f-b2c6-cc36303a5f9b",
                 *         "updated_at": "2026-11-24T10:30:00Z"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["InvoicePaidEvent"];
            };
        };
        responses: {
            /** @description Retried like a 5xx. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onReviewApproved: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 with the endpoint's signing secret over `t`, a dot and the exact raw body, lowercase hex. For 24 hours after a rotate-secret also `,v0=<hex>` with the previous secret. Reject a `t` more than 5 minutes from your clock; compare in constant time; a match on v1 or v0 is authentic.
                 * @example t=1795000000,v1=5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event id (the body's `id`): the same on every retry and replay; de-duplicate on it.
                 * @example a384a434-9f6b-4735-b861-07bd9c74a574
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description The event type (the body's `type`).
                 * @example review.approved
                 */
                "X-Service-Event-Type": "review.approved";
                /**
                 * @description Only on a test delivery (POST /webhook-endpoints/{id}/test): example data, not a real change.
                 * @example true
                 */
                "X-Service-Test"?: "true";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "98b95f14-7b57-4c0e-8ada-86d416b8e70e",
                 *       "type": "review.approved",
                 *       "created_at": "2026-11-24T10:30:00Z",
                 *       "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *       "api_version": "2026-11",
                 *       "data": {
                 *         "id": "98b95f14-7b57-4c0e-8ada-86d416b8e70e",
                 *         "workspace_id": "87bb59ba-2f92-42a5-a9f1-3e021fd58dd1",
                 *         "client_id": "0c77fe09-ab33-4a3e-97cc-2b6804a9bac6",
                 *         "shoot_id": "370b1416-608d-4dac-8de3-71ecc2a33e56",
                 *         "rating": 1,
                 *         "body": "body",
                 *         "author_name": "author name",
                 *         "status": "pending",
                 *         "approved_at": "2026-11-24T10:30:00Z",
                 *         "created_at": "2026-11-24T10:30:00Z",
                 *         "updated_at": "2026-11-24T10:30:00Z",
                 *         "review_id": "aff0766a-5290-4117-b843-3c351bae7b7b"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ReviewApprovedEvent"];
            };
        };
        responses: {
            /** @description Retried like a 5xx. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged: the delivery succeeded and is not sent again. Answer within 10 seconds; do the work afterwards. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other 4xx is terminal: the delivery becomes `dead_letter` at once, with the status and body visible in its delivery history (replay it with POST /webhook-deliveries/{id}/replay). */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Retried, as are a timeout, a refused connection and a redirect (never followed): 5 retries after 30 s, 2 min, 10 min, 30 min and 2 h, then `dead_letter`. */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}

/** The POST paths that take an Idempotency-Key header: the client sends a fresh key on each call unless given one. */
export const IDEMPOTENT_POSTS = [
    "/ai/cull-jobs",
    "/clients",
    "/galleries",
    "/galleries/{id}/favorites",
    "/galleries/{id}/publish",
    "/photos",
    "/photos/{id}/finalize",
    "/shoots",
    "/upload-sessions",
    "/upload-sessions/{id}/files",
    "/upload-sessions/{id}/files/{fileId}/abort",
    "/upload-sessions/{id}/files/{fileId}/complete",
    "/upload-sessions/{id}/files/{fileId}/parts/complete",
    "/upload-sessions/{id}/files/{fileId}/parts/sign",
    "/upload-sessions/{id}/finalize",
    "/upload-sessions/{id}/pause",
    "/upload-sessions/{id}/resume",
    "/upload-sessions/{id}/unpause",
    "/webhook-deliveries/{id}/replay",
    "/webhook-endpoints",
    "/webhook-endpoints/{id}/rotate-secret",
    "/webhook-endpoints/{id}/test",
    "/webhooks/subscriptions",
] as const;
