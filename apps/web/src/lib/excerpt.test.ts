import { describe, expect, it } from 'vitest';
import { excerptParts } from './excerpt';

describe('excerptParts', () => {
  it('marks the words the server wrapped in <b>', () => {
    expect(excerptParts('Inspect the <b>roof</b> flashing')).toEqual([
      { text: 'Inspect the ', isMatch: false },
      { text: 'roof', isMatch: true },
      { text: ' flashing', isMatch: false },
    ]);
  });

  it('turns escaped markup back into literal text, not tags', () => {
    expect(excerptParts('Paint &lt;b&gt;<b>cabinets</b>&lt;/b&gt; &amp; trim')).toEqual([
      { text: 'Paint <b>', isMatch: false },
      { text: 'cabinets', isMatch: true },
      { text: '</b> & trim', isMatch: false },
    ]);
  });

  it('handles no match and an empty excerpt', () => {
    expect(excerptParts('plain text')).toEqual([{ text: 'plain text', isMatch: false }]);
    expect(excerptParts('')).toEqual([]);
  });
});

describe('excerptParts (task search results)', () => {
  it('splits out the <b> marks as matches and keeps other markup as plain text', () => {
    expect(excerptParts('fix the <b>roof</b> leak near <b>gutter</b>')).toEqual([
      { text: 'fix the ', isMatch: false },
      { text: 'roof', isMatch: true },
      { text: ' leak near ', isMatch: false },
      { text: 'gutter', isMatch: true },
    ]);
    expect(excerptParts('<img src=x onerror=alert(1)>')).toEqual([{ text: '<img src=x onerror=alert(1)>', isMatch: false }]);
    expect(excerptParts('')).toEqual([]);
  });
});
