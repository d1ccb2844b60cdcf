/**
 * Signed photo URLs. Signing is the hot path of a gallery read (a 2,000-photo gallery is 4,000 to 6,000 URLs), so:
 *
 * - URLs come from @studio/s3-presign's batch signer (cached signing key, everything but the key's path computed
 *   once per signing time: one SHA-256 and one HMAC per URL);
 * - the signing time is the start of the current window (PHOTO_URL_WINDOW, 60 s by default) and the lifetime is
 *   PHOTO_URL_TTL (1 hour): every read inside one window hands out byte-identical URLs, valid for one hour from
 *   the window's start (so at least TTL - WINDOW from the read). Identical URLs let browsers and CDNs cache the
 *   images, and let GalleryViews sign each key once per window instead of once per request.
 * - the credentials are resolved (one call of the memoized provider) at every read; when they changed inside a
 *   window (a rotation) a new window object is made with them, so no URL handed out after a rotation carries the
 *   old key. With temporary credentials the URLs stop working when the credentials expire, so `expiresAt` is
 *   the earlier of the two.
 */
import { sameCredentials, type Credentials, type GetSigner, type S3Presigner } from '@studio/s3-presign';

export interface UrlWindow {
  /** Signing time (ms since the epoch): the start of the window. */
  signedAtMs: number;
  /** When every URL of this window stops working. */
  expiresAt: Date;
  sign: GetSigner;
  /** The credentials its URLs are signed with (a window is made again when they change). */
  credentials: Readonly<Credentials>;
}

export class PhotoUrls {
  private current: UrlWindow | null = null;

  constructor(
    private readonly presigner: S3Presigner,
    private readonly ttlSeconds: number,
    private readonly windowSeconds: number,
    private readonly now: () => Date,
  ) {}

  /**
   * The signer of the current window (made once per window and credentials). Compare windows by identity: two
   * windows may share a start when the credentials rotated within it.
   */
  async window(): Promise<UrlWindow> {
    const signer = await this.presigner.bind();
    const nowMs = this.now().getTime();
    const windowMs = this.windowSeconds * 1000;
    const start = windowMs > 0 ? nowMs - (nowMs % windowMs) : nowMs;
    const current = this.current;
    if (current && current.signedAtMs === start && sameCredentials(current.credentials, signer.credentials)) return current;
    const signedAt = new Date(start);
    const next: UrlWindow = {
      signedAtMs: start,
      expiresAt: signer.expiresAt(signedAt, this.ttlSeconds),
      sign: signer.getSigner(this.ttlSeconds, signedAt),
      credentials: signer.credentials,
    };
    this.current = next;
    return next;
  }
}
