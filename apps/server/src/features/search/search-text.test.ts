import { describe, expect, it } from 'vitest';
import { buildExcerpt, explainMatch, QueryTerms, searchSummary, trigramSimilarity, words } from './search-text';

describe('search text helpers', () => {
  it('computes pg_trgm similarity', () => {
    expect(trigramSimilarity('plumbing', 'plumbing')).toBe(1);
    expect(trigramSimilarity('plumbng', 'plumbing')).toBeCloseTo(6 / 11, 5);
    expect(trigramSimilarity('roof', 'kitchen')).toBe(0);
  });

  it('cuts long text around the first match on word boundaries', () => {
    const text = `${'alpha '.repeat(30)}roof ${'omega '.repeat(30)}`;
    const excerpt = buildExcerpt(text, ['roof'], 20);
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt).toContain('<b>roof</b>');
    expect(excerpt).not.toMatch(/…[a-z]{1,4} /);
  });

  it('explains direct, stemmed and similar matches', () => {
    expect(explainMatch(new QueryTerms('roofs'), [{ label: 'title', text: 'Roof work' }]).match_reason).toBe('Matched "roofs" in title');
    expect(explainMatch(new QueryTerms('plumbng'), [{ label: 'description', text: 'fix the plumbing' }])).toEqual({
      excerpt: 'fix the <b>plumbing</b>',
      match_reason: 'Similar to "plumbing"',
    });
  });

  it('takes a direct match anywhere in a field over a similar word before it', () => {
    expect(explainMatch(new QueryTerms('plumbing'), [{ label: 'description', text: 'plumbng noted, then the plumbing fixed' }])).toEqual({
      excerpt: 'plumbng noted, then the <b>plumbing</b> fixed',
      match_reason: 'Matched "plumbing" in description',
    });
    // Every term gets its own: one direct, one only similar, in the query's order.
    expect(explainMatch(new QueryTerms('leak plumbng'), [{ label: 'description', text: 'Leak under the sink, plumbing' }]).match_reason).toBe('Matched "leak" in description');
  });

  it('cuts the excerpt after the first match: a match within it is marked, the text past it left out', () => {
    const text = `${'alpha '.repeat(5)}roof tile ${'beta '.repeat(3)}roof ${'omega '.repeat(40)}roof end`;
    const excerpt = buildExcerpt(text, ['roof'], 40);
    expect(excerpt.match(/<b>roof<\/b>/g)).toHaveLength(2);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt).not.toContain('end');
  });

  it('explains each hit of a page with one QueryTerms as it would alone', () => {
    const texts = ['fix the plumbing', 'roof leak over the plumber van', null, 'Plumbing. Plumbng? plumb', 'nothing here', 'the plumbers arrived'];
    for (const query of ['plumbng', 'roof plumbing', 'plumb']) {
      const terms = new QueryTerms(query);
      for (const text of texts) {
        const fields = [{ label: 'title', text }, { label: 'description', text: texts[(texts.indexOf(text) + 1) % texts.length]! }];
        expect(explainMatch(terms, fields)).toEqual(explainMatch(new QueryTerms(query), fields));
      }
    }
  });

  it("explains a similar-word hit by the word matching the search's most similar dictionary word the text holds", () => {
    const similar = { plumbng: ['plumbing', 'plumber', 'plumb'] };
    // The most similar dictionary word the text holds wins, wherever it stands; its own form is shown ('Plumbing.').
    expect(explainMatch(new QueryTerms('plumbng', similar), [{ label: 'description', text: 'the plumbers said: Plumbing.' }])).toEqual({
      excerpt: 'the plumbers said: <b>Plumbing</b>.',
      match_reason: 'Similar to "plumbing"',
    });
    // Across fields too: the later field holds the more similar word.
    const fields = [
      { label: 'title', text: 'Call the plumber' },
      { label: 'description', text: 'plumbing under the sink' },
    ];
    expect(explainMatch(new QueryTerms('plumbng', similar), fields).match_reason).toBe('Similar to "plumbing"');
    // A direct match of another term still names its field, and the similar word is marked beside it.
    expect(explainMatch(new QueryTerms('sink plumbng', similar), fields)).toEqual({
      excerpt: '<b>plumbing</b> under the <b>sink</b>',
      match_reason: 'Matched "sink" in description',
    });
    // A later field's similar word no more similar than the one found is not looked for — yet when that field holds a
    // direct match, its similar word is still marked beside it.
    const twoAlternatives = { plumbng: ['plumbing', 'plumber'] };
    const laterDirect = [
      { label: 'title', text: 'Plumbing' },
      { label: 'description', text: 'a plumber fixed the sink' },
    ];
    expect(explainMatch(new QueryTerms('sink plumbng', twoAlternatives), laterDirect)).toEqual({
      excerpt: 'a <b>plumber</b> fixed the <b>sink</b>',
      match_reason: 'Matched "sink" in description',
    });
    expect(explainMatch(new QueryTerms('plumbng', twoAlternatives), laterDirect)).toEqual({ excerpt: '<b>Plumbing</b>', match_reason: 'Similar to "plumbing"' });
    // The dictionary word wins over a word that only looks closer (a claim number: not in the dictionary).
    const job = [
      { label: 'title', text: 'Gutter cleaning' },
      { label: 'claim number', text: 'GUTTTR-9' },
    ];
    expect(explainMatch(new QueryTerms('guttr', { guttr: ['gutter'] }), job).match_reason).toBe('Similar to "gutter"');
    expect(explainMatch(new QueryTerms('guttr'), job).match_reason).toBe('Similar to "gutttr"');
    // A text holding none of them (PostgreSQL matched a stem that is no prefix): the closest word by trigrams, as without.
    const stemOnly = [{ label: 'description', text: 'plumbng was noted' }];
    expect(explainMatch(new QueryTerms('plumbnig', { plumbnig: ['plumbing'] }), stemOnly)).toEqual(explainMatch(new QueryTerms('plumbnig'), stemOnly));
    expect(explainMatch(new QueryTerms('plumbnig', { plumbnig: ['plumbing'] }), stemOnly).match_reason).toBe('Similar to "plumbng"');
  });

  it('explains a similar-word hit as the trigram comparison does when the dictionary holds the texts\' words', () => {
    const texts = ['fix the plumbing', 'roof leak over the plumber van', 'Plumbing. Plumbng? plumb', 'the plumbers arrived', 'Skylite repair, skylight glass'];
    // What the similar-word search hands over: each term's 3 most similar words of the dictionary (migration 0005's
    // words of every text: 3–40 letters or digits, not all digits), similarity ≥ 0.3, most similar first.
    const dictionary = [...new Set(texts.flatMap((t) => words(t)).filter((w) => w.length >= 3 && w.length <= 40 && !/^\d+$/.test(w)))];
    const similarTo = (query: string) =>
      Object.fromEntries(
        words(query).map((term) => [
          term,
          dictionary
            .map((word) => ({ word, similarity: trigramSimilarity(word, term) }))
            .filter((w) => w.similarity >= 0.3)
            .sort((a, b) => b.similarity - a.similarity || a.word.localeCompare(b.word))
            .slice(0, 3)
            .map((w) => w.word),
        ]),
      );
    for (const query of ['plumbng', 'skylite', 'roof plumbng', 'plumbin']) {
      for (const text of texts) {
        const fields = [{ label: 'title', text }];
        expect(explainMatch(new QueryTerms(query, similarTo(query)), fields)).toEqual(explainMatch(new QueryTerms(query), fields));
      }
    }
  });

  it('finds and marks words where they stand whole, as cutting the text into words (pg_trgm’s) would', () => {
    // Texts of words and separators mixed at random (seeded): accents, an astral letter (𝒜), digits, apostrophes, hyphens.
    const pieces = ['roof', 'Roofing', 'roofs', 'ro', 'proof', 'roof2', 'x', 'Ωroof', 'naïve', 'café', 'plumbing', 'plumb', '𝒜roof', 'roof𝒜', 'Dach', 'Ünter'];
    const separators = [' ', '  ', '-', '’', ', ', '\n', '. '];
    let seed = 42;
    // mulberry32: a small seeded generator, so a failure replays.
    const random = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return (((t ^ (t >>> 14)) >>> 0) % n);
    };
    // The rule of a direct match (exact, or a prefix of at least 3 letters at most 4 shorter), for the reference.
    const direct = (word: string, term: string) => {
      const [shorter, longer] = word.length < term.length ? [word, term] : [term, word];
      return word === term || (shorter.length >= 3 && longer.startsWith(shorter) && longer.length - shorter.length <= 4);
    };
    for (let i = 0; i < 300; i++) {
      const text = Array.from({ length: 1 + random(12) }, () => pieces[random(pieces.length)]! + separators[random(separators.length)]!).join('');
      for (const query of ['roof', 'roofing', 'plumb', 'cafe', 'café']) {
        const expected = words(query).flatMap((term) => {
          const word = words(text).find((w) => direct(w, term));
          return word === undefined ? [] : [{ term, word, similarity: 1, direct: true }];
        });
        expect(new QueryTerms(query).match(text, false)).toEqual(expected);
      }
      // Marked (the excerpt holding the whole text): each occurrence of the marked words as a whole word.
      const marked = ['roof', 'café'];
      const excerpt = buildExcerpt(text, marked, 1000);
      expect([...excerpt.matchAll(/<b>(.*?)<\/b>/g)].map((m) => m[1]!.toLowerCase())).toEqual(words(text).filter((w) => marked.includes(w)));
    }
  });

  it("marks the matched word where it stands after a character whose lower case is longer ('İ')", () => {
    expect(buildExcerpt('İstanbul roof repair', ['roof'])).toBe('İstanbul <b>roof</b> repair');
    expect(explainMatch(new QueryTerms('roof'), [{ label: 'title', text: 'İstanbul roof repair' }]).excerpt).toBe('İstanbul <b>roof</b> repair');
    expect(explainMatch(new QueryTerms('İSTANBUL'), [{ label: 'title', text: 'İstanbul roof repair' }])).toEqual({
      excerpt: '<b>İstanbul</b> roof repair',
      match_reason: 'Matched "İstanbul" in title',
    });
  });

  it('summarises counts', () => {
    expect(searchSummary(' roof ', { jobs: 1, tasks: 3 })).toBe('Found 3 tasks and 1 job matching "roof"');
    expect(searchSummary('roof', { jobs: 2, tasks: 0 })).toBe('Found 2 jobs matching "roof"');
    expect(searchSummary('roof', { jobs: 0, tasks: 0 })).toBe('No results found for "roof"');
    expect(searchSummary('roof', { jobs: 3, tasks: 1000, recordings: 1000 }, 1000)).toBe('Found 1000+ tasks, 3 jobs and 1000+ recordings matching "roof"');
  });
});
