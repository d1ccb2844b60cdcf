/**
 * Favorites as the page shows them: the server's answer (`confirmed`) and what the person asked for (`shown`), which
 * the page renders at once. A toggle sends one request per photo at a time; a toggle while one is in flight is kept as
 * the last intent and sent when the first answer comes (only if it still differs). A failed request rolls the photo
 * back to the server's value; the caller says why in the status line.
 */
export interface FavoriteRequest {
  photoId: string;
  favorite: boolean;
}

export class Favorites {
  private readonly confirmed = new Map<string, boolean>();
  private readonly shown = new Map<string, boolean>();
  private readonly sending = new Map<string, boolean>();

  /** A photo as a page of the API describes it (a later page never overrides a change being made). */
  learn(photoId: string, favorite: boolean): void {
    if (this.sending.has(photoId)) return;
    this.confirmed.set(photoId, favorite);
    this.shown.set(photoId, favorite);
  }

  isFavorite(photoId: string): boolean {
    return this.shown.get(photoId) ?? false;
  }

  /** How many known photos are shown as favorites. */
  get count(): number {
    let n = 0;
    for (const v of this.shown.values()) if (v) n++;
    return n;
  }

  /** The person toggled: the new shown value at once, and the request to send now (null: one is in flight). */
  toggle(photoId: string): { favorite: boolean; send: FavoriteRequest | null } {
    const favorite = !this.isFavorite(photoId);
    this.shown.set(photoId, favorite);
    if (this.sending.has(photoId)) return { favorite, send: null };
    this.sending.set(photoId, favorite);
    return { favorite, send: { photoId, favorite } };
  }

  /**
   * The request's answer. ok: the server holds `favorite`; a different intent kept meanwhile is returned to send
   * next. Not ok: the photo goes back to the server's value (returned as `rolledBack`), the kept intent dropped.
   */
  settle(photoId: string, ok: boolean): { shown: boolean; send: FavoriteRequest | null; rolledBack: boolean } {
    const sent = this.sending.get(photoId);
    this.sending.delete(photoId);
    if (sent === undefined) return { shown: this.isFavorite(photoId), send: null, rolledBack: false };
    if (!ok) {
      const back = this.confirmed.get(photoId) ?? false;
      this.shown.set(photoId, back);
      return { shown: back, send: null, rolledBack: true };
    }
    this.confirmed.set(photoId, sent);
    const wanted = this.isFavorite(photoId);
    if (wanted === sent) return { shown: wanted, send: null, rolledBack: false };
    this.sending.set(photoId, wanted);
    return { shown: wanted, send: { photoId, favorite: wanted }, rolledBack: false };
  }
}
