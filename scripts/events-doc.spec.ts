/**
 * docs/events.md is generated from the event catalog (scripts/events-doc.ts): the committed file must be what the
 * catalog and the template make today, and the generator must render every member type the catalog uses.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '@studio/contracts/events';
import { EVENTS_DOC, REGENERATE_COMMAND, renderEventsDoc, typeText, wrap } from './events-doc.js';

describe('docs/events.md', () => {
  it('is what the event catalog generates (else run the command named in the failure and commit the file)', () => {
    const committed = readFileSync(EVENTS_DOC, 'utf8');
    expect(
      committed === renderEventsDoc(),
      `docs/events.md is out of date with the event catalog: run \`${REGENERATE_COMMAND}\` and commit it`,
    ).toBe(true);
  });

  it('has a data section naming every event type, and no member it cannot render', () => {
    const doc = renderEventsDoc();
    const headings = doc.split('\n').filter((line) => line.startsWith('### '));
    for (const type of EVENT_TYPES)
      expect(
        headings.filter((h) => h.split(/, | /).includes(type)),
        type,
      ).toHaveLength(1);
    expect(doc).not.toContain('any JSON');
    expect(doc).not.toMatch(/\{\{\w+\}\}/);
  });

  it('refuses a template placeholder it does not know', () => {
    expect(() => renderEventsDoc('# x\n\n{{catalogue}}\n')).toThrow(/unknown placeholder \{\{catalogue\}\}/);
  });
});

describe('events-doc rendering', () => {
  it('writes member types in the words of the document', () => {
    expect(typeText({ type: 'string', format: 'uuid' })).toBe('uuid');
    expect(typeText({ anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] })).toBe('ISO | null');
    expect(typeText({ type: ['string', 'null'] })).toBe('string | null');
    expect(typeText({ type: 'integer', minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER })).toBe('int');
    expect(typeText({ type: 'integer', minimum: 1, maximum: 5 })).toBe('int (1..5)');
    expect(typeText({ type: 'string', minLength: 3, maxLength: 3 })).toBe('string (ISO 4217)');
    expect(typeText({ anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] })).toBe('`"a" | "b"` | null');
    expect(typeText({ type: 'object', properties: { total: { type: 'integer' }, done: { type: 'integer' } } })).toBe(
      '`{ total: int, done: int }`',
    );
    expect(typeText({ type: 'object', additionalProperties: { type: 'integer' } })).toBe('object of int');
    expect(typeText({ type: 'object', additionalProperties: {} })).toBe('object');
    expect(typeText({})).toBe('any JSON');
  });

  it('wraps a paragraph at the width without breaking words', () => {
    expect(wrap('aaa bbb ccc ddd', 7)).toBe('aaa bbb\nccc ddd');
    expect(wrap('averylongword x', 5)).toBe('averylongword\nx');
  });
});
