import { describe, expect, it } from 'vitest';
import { previewText } from './preview';

describe('previewText (80-character task previews)', () => {
  it('keeps a text of up to 80 characters whole', () => {
    const exactly80 = 'x'.repeat(80);
    expect(previewText(exactly80)).toBe(exactly80);
    expect(previewText('Tarp the roof')).toBe('Tarp the roof');
  });

  it('cuts after 80 characters and marks the cut', () => {
    const long = `${'a'.repeat(80)}bcdef`;
    expect(previewText(long)).toBe(`${'a'.repeat(80)}…`);
    expect(previewText(long).length).toBe(81);
  });

  it('joins lines and does not end the cut on a space', () => {
    expect(previewText('line one\n\nline   two')).toBe('line one line two');
    expect(previewText(`${'a'.repeat(79)} and more`)).toBe(`${'a'.repeat(79)}…`);
  });
});
