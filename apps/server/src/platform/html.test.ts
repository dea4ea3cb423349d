import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('writes & < > " and \' as entities, everything else as it is', () => {
    expect(escapeHtml(`<a href="x?a=1&b='2'">Tom & Jerry</a>`)).toBe('&lt;a href=&quot;x?a=1&amp;b=&#39;2&#39;&quot;&gt;Tom &amp; Jerry&lt;/a&gt;');
    expect(escapeHtml('Plumbing repair — café 𝒜')).toBe('Plumbing repair — café 𝒜');
    expect(escapeHtml('')).toBe('');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
