import { describe, expect, it } from 'vitest';
import { escapeHtml, Html, html } from './html.js';

describe('html', () => {
  it('escapes every interpolated string, in text and in attributes', () => {
    const evil = `<script>alert("x")</script>' onmouseover='x' \`&`;
    const out = html`<p title="${evil}">${evil}</p>`.text;
    expect(out).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39; onmouseover=&#39;x&#39; &#96;&amp;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39; onmouseover=&#39;x&#39; &#96;&amp;</p>',
    );
    expect(out).not.toContain('<script>');
  });

  it('keeps fragments it rendered, joins arrays, and renders false, null and undefined as nothing', () => {
    const items = ['a<b', 'c'].map((x) => html`<li>${x}</li>`);
    expect(html`<ul>${items}</ul>${false}${null}${undefined}${0}`.text).toBe('<ul><li>a&lt;b</li><li>c</li></ul>0');
  });

  it('has no way to pass a plain string or a look-alike object as markup', () => {
    const fake = { text: '<b>bold</b>', toString: () => '<b>bold</b>' };
    expect(html`${fake as unknown as string}`.text).toBe('&lt;b&gt;bold&lt;/b&gt;');
    expect(Html.is(html`<b>x</b>`)).toBe(true);
    expect(Html.is(fake)).toBe(false);
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
