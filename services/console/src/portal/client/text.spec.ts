import { describe, expect, it } from 'vitest';
import { errorText, favoriteCount, favoriteFailure, openLabel, pageOf, photoAlt, photoCount } from './text.js';

describe("the page's sentences", () => {
  it('each failure has its page', () => {
    expect(errorText('invalid')).toEqual({
      heading: "This gallery link isn't valid",
      text: "Check that you opened the whole link from your photographer's message, or ask them to send it again.",
      retry: false,
    });
    expect(errorText('expired').heading).toBe('This gallery link has expired');
    expect(errorText('expired').text).toBe('Ask your photographer for a new link.');
    expect(errorText('suspended').heading).toBe("This gallery isn't available");
    expect(errorText('rate_limited', 17)).toEqual({ heading: 'Too many attempts', text: 'Wait 17 seconds, then try again.', retry: true });
    expect(errorText('rate_limited', 0).text).toBe('Wait 1 second, then try again.');
    expect(errorText('unreachable')).toEqual({
      heading: "We can't reach this gallery right now",
      text: 'Check your connection, then try again.',
      retry: true,
    });
  });

  it('maps API failures to pages: a gone gallery or a refusal is an invalid link', () => {
    expect(pageOf('expired')).toBe('expired');
    expect(pageOf('suspended')).toBe('suspended');
    expect(pageOf('rate_limited')).toBe('rate_limited');
    expect(pageOf('unreachable')).toBe('unreachable');
    expect(pageOf('not_found')).toBe('invalid');
    expect(pageOf('refused')).toBe('invalid');
  });

  it('counts, labels and the favorite failure', () => {
    expect(photoCount(1)).toBe('1 photo');
    expect(photoCount(2000)).toBe('2000 photos');
    expect(favoriteCount(0)).toBe('0 favorites');
    expect(favoriteCount(1)).toBe('1 favorite');
    expect(favoriteCount(2)).toBe('2 favorites');
    expect(openLabel(0, 40)).toBe('Open photo 1 of 40');
    expect(photoAlt(39, 40)).toBe('Photo 40 of 40');
    expect(favoriteFailure('rate_limited')).toBe('Too many changes at once. Try again in a moment.');
    expect(favoriteFailure('unreachable')).toBe("Couldn't save your favorite. Check your connection and try again.");
  });
});
