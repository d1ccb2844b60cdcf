/**
 * @studio/slug: URL slugs (shoots, galleries): lower-case ASCII letters and digits joined by single hyphens, at
 * most SLUG_MAX_BASE characters, made unique in a workspace with a `-<n>` suffix.
 */
/** URL slugs: lower-case ASCII letters and digits joined by single hyphens, at most SLUG_MAX_BASE characters. */

/** Room is left after the base for a `-<n>` suffix that makes it unique in a workspace. */
export const SLUG_MAX_BASE = 80;

export function slugify(text: string): string {
  const ascii = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // combining marks left by NFKD: "é" -> "e"
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[øØ]/g, 'o')
    .replace(/[œŒ]/g, 'oe')
    .replace(/[łŁ]/g, 'l')
    .replace(/[đĐ]/g, 'd')
    .replace(/&/g, ' and ')
    .toLowerCase();
  const slug = ascii.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  if (slug.length <= SLUG_MAX_BASE) return slug;
  const cut = slug.slice(0, SLUG_MAX_BASE);
  // Prefer to end at a word boundary when one is reasonably close to the limit.
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen >= SLUG_MAX_BASE / 2 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/, '');
}

/** The base slug of a new record: the given slug, else the title, else `fallback` when neither has a letter or digit. */
export function baseSlugFor(fallback: string, title: string, given?: string | null): string {
  return (given ? slugify(given) : '') || slugify(title) || fallback;
}

/** `base`, or `base-2`, `base-3`, ...: the first one not in `taken`. */
export function nextFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
