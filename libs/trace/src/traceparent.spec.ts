import { describe, expect, it } from 'vitest';
import { formatTraceparent, newSpanId, newTraceId, parseTraceparent } from './traceparent.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';
const VALID = `00-${TRACE}-${SPAN}-01`;

describe('parseTraceparent', () => {
  it('reads the example of the W3C specification', () => {
    expect(parseTraceparent(VALID)).toEqual({ traceId: TRACE, spanId: SPAN, flags: 1 });
    expect(parseTraceparent(`00-${TRACE}-${SPAN}-00`)).toEqual({ traceId: TRACE, spanId: SPAN, flags: 0 });
  });

  it.each([
    ['absent', undefined],
    ['not a string', 42],
    ['an array (two headers)', [VALID, VALID]],
    ['empty', ''],
    ['all-zero trace-id', `00-${'0'.repeat(32)}-${SPAN}-01`],
    ['all-zero parent-id', `00-${TRACE}-${'0'.repeat(16)}-01`],
    ['version ff', `ff-${TRACE}-${SPAN}-01`],
    ['upper-case trace-id', `00-${TRACE.toUpperCase()}-${SPAN}-01`],
    ['upper-case parent-id', `00-${TRACE}-${SPAN.toUpperCase()}-01`],
    ['upper-case flags', `00-${TRACE}-${SPAN}-0A`],
    ['upper-case version', `0A-${TRACE}-${SPAN}-01`],
    ['short trace-id', `00-${TRACE.slice(1)}-${SPAN}-01`],
    ['long trace-id', `00-${TRACE}a-${SPAN}-01`],
    ['short parent-id', `00-${TRACE}-${SPAN.slice(1)}-01`],
    ['long parent-id', `00-${TRACE}-${SPAN}0-01`],
    ['one-digit flags', `00-${TRACE}-${SPAN}-1`],
    ['three-digit flags', `00-${TRACE}-${SPAN}-011`],
    ['version 00 with a suffix', `${VALID}-extra`],
    ['non-hex characters', `00-${TRACE.slice(0, 31)}g-${SPAN}-01`],
    ['other separators', `00_${TRACE}_${SPAN}_01`],
    ['surrounding whitespace', ` ${VALID}`],
    ['a one-digit version', `0-${TRACE}-${SPAN}-01`],
  ])('ignores %s', (_name, value) => {
    expect(parseTraceparent(value)).toBeNull();
  });

  it('reads a higher version by the version-00 layout, and only when a suffix is dash-separated', () => {
    expect(parseTraceparent(`01-${TRACE}-${SPAN}-01`)).toEqual({ traceId: TRACE, spanId: SPAN, flags: 1 });
    expect(parseTraceparent(`cc-${TRACE}-${SPAN}-01-what-the-future-brings`)).toEqual({ traceId: TRACE, spanId: SPAN, flags: 1 });
    expect(parseTraceparent(`cc-${TRACE}-${SPAN}-01.no-dash`)).toBeNull();
  });
});

describe('formatTraceparent', () => {
  it('writes version 00 and round-trips', () => {
    expect(formatTraceparent({ traceId: TRACE, spanId: SPAN, flags: 1 })).toBe(VALID);
    expect(parseTraceparent(formatTraceparent({ traceId: TRACE, spanId: SPAN, flags: 0 }))).toEqual({
      traceId: TRACE,
      spanId: SPAN,
      flags: 0,
    });
  });

  it('carries only the sampled flag', () => {
    expect(formatTraceparent({ traceId: TRACE, spanId: SPAN, flags: 0xff })).toBe(VALID);
    expect(formatTraceparent({ traceId: TRACE, spanId: SPAN, flags: 0x02 })).toBe(`00-${TRACE}-${SPAN}-00`);
  });
});

describe('ids', () => {
  it('are lower-case hex of the right length and never all zero', () => {
    for (let i = 0; i < 100; i++) {
      expect(newTraceId()).toMatch(/^(?!0{32})[0-9a-f]{32}$/);
      expect(newSpanId()).toMatch(/^(?!0{16})[0-9a-f]{16}$/);
    }
    expect(newTraceId()).not.toBe(newTraceId());
  });
});
