import { describe, expect, it } from 'vitest';
import { Favorites } from './favorites.js';

describe('the optimistic favorite toggle', () => {
  it('shows the change at once and sends it; the answer confirms it', () => {
    const f = new Favorites();
    f.learn('a', false);
    f.learn('b', true);
    expect(f.count).toBe(1);
    expect(f.toggle('a')).toEqual({ favorite: true, send: { photoId: 'a', favorite: true } });
    expect(f.isFavorite('a')).toBe(true);
    expect(f.count).toBe(2);
    expect(f.settle('a', true)).toEqual({ shown: true, send: null, rolledBack: false });
    expect(f.isFavorite('a')).toBe(true);
  });

  it("a failure rolls back to the server's value", () => {
    const f = new Favorites();
    f.learn('a', false);
    f.toggle('a');
    expect(f.settle('a', false)).toEqual({ shown: false, send: null, rolledBack: true });
    expect(f.isFavorite('a')).toBe(false);
    expect(f.count).toBe(0);
    f.learn('b', true);
    f.toggle('b');
    expect(f.settle('b', false).shown).toBe(true);
  });

  it('a toggle while one is in flight is kept, sent after the answer only if it still differs', () => {
    const f = new Favorites();
    f.learn('a', false);
    expect(f.toggle('a').send).toEqual({ photoId: 'a', favorite: true });
    // double click: back to false, nothing sent yet
    expect(f.toggle('a')).toEqual({ favorite: false, send: null });
    expect(f.isFavorite('a')).toBe(false);
    // the first answer: the server holds true; the person wants false -> send that
    expect(f.settle('a', true)).toEqual({ shown: false, send: { photoId: 'a', favorite: false }, rolledBack: false });
    expect(f.settle('a', true)).toEqual({ shown: false, send: null, rolledBack: false });
    // three clicks: the last intent equals the first request -> nothing more to send
    f.toggle('a');
    f.toggle('a');
    f.toggle('a');
    expect(f.settle('a', true)).toEqual({ shown: true, send: null, rolledBack: false });
  });

  it('a failure drops the kept intent and goes back to the last confirmed value', () => {
    const f = new Favorites();
    f.learn('a', false);
    f.toggle('a');
    f.toggle('a');
    f.toggle('a');
    expect(f.settle('a', false)).toEqual({ shown: false, send: null, rolledBack: true });
  });

  it('a page read while a change is in flight does not undo it', () => {
    const f = new Favorites();
    f.learn('a', false);
    f.toggle('a');
    f.learn('a', false);
    expect(f.isFavorite('a')).toBe(true);
    f.settle('a', true);
    f.learn('a', true);
    expect(f.isFavorite('a')).toBe(true);
  });

  it('an answer for nothing in flight changes nothing', () => {
    const f = new Favorites();
    f.learn('a', true);
    expect(f.settle('a', false)).toEqual({ shown: true, send: null, rolledBack: false });
  });
});
