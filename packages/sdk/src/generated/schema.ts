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
         * @description Any member of the gallery's workspace, or a client session opened for this gallery, may read it. Returns the gallery with its photos in order, each with a URL to the web derivative signed for 1 hour (original_url only for photographer roles); a very large gallery carries its first photos and photos_next_cursor to continue with /photos. The answer is gzip-encoded when Accept-Encoding allows it; a gallery of another tenant, or not the client session's gallery, is 404.
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
         * @description Same callers as GET /galleries/{id}. Returns a page of the gallery's photos in order (limit 1 to 200, default 200) with next_cursor, an opaque keyset cursor on (order_index, photo_id); original_url appears only for photographer roles. A legacy decimal-offset cursor is still accepted for one release and such answers carry Deprecation and Sunset headers; the next cursor is always an opaque one.
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
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Register a legacy endpoint; the signing secret is returned this once
         * @deprecated
         * @description Deprecated: prefer POST /webhooks/subscriptions. Needs the admin role or above (403 below it). Registers a legacy endpoint for some of gallery.published, gallery.delivered and ai.cull.completed and returns it with 201 and its signing_secret, shown this once. Takes Idempotency-Key; a refused target URL is 400 and a workspace at its limit of active endpoints is 409.
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
         * @deprecated
         * @description Needs the admin role or above in the endpoint's workspace (403 below it, 404 outside the caller's tenant). Generates a new signing secret, returned this once; for 24 hours deliveries carry v1 signed with the new secret and v0 signed with the old one. It is also how an admin obtains the secret of a REST-hook subscription.
         */
        post: operations["rotateWebhookSecret"];
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
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
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
        Portal: {
            prefix: string;
            /** @enum {string} */
            state: "active" | "suspended" | "expired";
            /** Format: date-time */
            expires_at: string;
            /** Format: date-time */
            created_at: string;
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
        /** @description 403 forbidden: The caller's role in its own workspace is too low for this operation. */
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
        /** @description 503 unavailable: A dependency is unreachable; nothing was done. Retry later. */
        Unavailable: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
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
            header?: never;
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
                            /** @description The public prefix of the token (12 hex characters). */
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
            header?: never;
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
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getGallery: {
        parameters: {
            query?: never;
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
            404: components["responses"]["NotFound"];
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
                     *         "portal_token": "portal token",
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
            header?: never;
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
                    content_type: string;
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
            header?: never;
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
            header?: never;
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
                        content_type: string;
                        sha256?: string | null;
                        part_size?: number | null;
                    }[];
                } | {
                    file_name: string;
                    size: number;
                    content_type: string;
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
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    abortUploadFile: {
        parameters: {
            query?: never;
            header?: never;
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
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    completeUploadFile: {
        parameters: {
            query?: never;
            header?: never;
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
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    recordUploadPart: {
        parameters: {
            query?: never;
            header?: never;
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
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    signUploadParts: {
        parameters: {
            query?: never;
            header?: never;
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
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    finalizeUploadSession: {
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
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    pauseUploadSession: {
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
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    resumeUploadSession: {
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
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    unpauseUploadSession: {
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
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
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
            header?: never;
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
}

/** The POST paths that take an Idempotency-Key header: the client sends a fresh key on each call unless given one. */
export const IDEMPOTENT_POSTS = [
    "/clients",
    "/shoots",
    "/webhook-endpoints",
    "/webhooks/subscriptions",
] as const;
