import { MAX_SIGNATURE_HEIGHT, MAX_SIGNATURE_WIDTH } from '@fieldbook/contract';
import { describe, expect, it } from 'vitest';
import { padPixelRatio } from './signature-field';

describe('the signature pad’s pixel ratio', () => {
  it('is the device’s on an ordinary phone (sharp strokes)', () => {
    expect(padPixelRatio(358, 160, 3)).toBe(3);
    expect(padPixelRatio(358, 160, 0)).toBe(1);
  });

  it('never draws a signature larger than the approval takes: a ratio-5 phone, a page zoomed out', () => {
    for (const [w, h, dpr] of [[720, 160, 5], [720, 160, 4.5], [1400, 160, 2.5], [400, 300, 4]] as const) {
      const ratio = padPixelRatio(w, h, dpr);
      expect(Math.floor(w * ratio), `${w}×${h} at ${dpr}`).toBeLessThanOrEqual(MAX_SIGNATURE_WIDTH);
      expect(Math.floor(h * ratio), `${w}×${h} at ${dpr}`).toBeLessThanOrEqual(MAX_SIGNATURE_HEIGHT);
    }
    expect(padPixelRatio(720, 160, 5)).toBeCloseTo(3000 / 720);
  });
});
