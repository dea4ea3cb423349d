import { describe, expect, it } from 'vitest';
import { splitCitations } from './citations';

describe('splitCitations', () => {
  it('turns [n] into citations and keeps the text around them, line breaks included', () => {
    expect(splitCitations('Here is what your records say:\n\n[1] Task “Fix gutters”\n\n[2] Job', 2)).toEqual([
      { kind: 'text', text: 'Here is what your records say:\n\n' },
      { kind: 'citation', n: 1 },
      { kind: 'text', text: ' Task “Fix gutters”\n\n' },
      { kind: 'citation', n: 2 },
      { kind: 'text', text: ' Job' },
    ]);
  });

  it('reads "[1, 3]" and "[1][2]" as several citations', () => {
    expect(splitCitations('Both [1, 3].', 3)).toEqual([{ kind: 'text', text: 'Both ' }, { kind: 'citation', n: 1 }, { kind: 'citation', n: 3 }, { kind: 'text', text: '.' }]);
    expect(splitCitations('[1][2]', 2)).toEqual([{ kind: 'citation', n: 1 }, { kind: 'citation', n: 2 }]);
  });

  it('leaves numbers that name no source as text', () => {
    expect(splitCitations('Built in [2024], see [4] and [0].', 3)).toEqual([{ kind: 'text', text: 'Built in [2024], see [4] and [0].' }]);
    expect(splitCitations('No sources [1]', 0)).toEqual([{ kind: 'text', text: 'No sources [1]' }]);
  });

  it('gives nothing for an empty answer (still streaming)', () => {
    expect(splitCitations('', 2)).toEqual([]);
  });
});
