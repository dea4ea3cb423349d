import { describe, expect, it } from 'vitest';
import { buildExcerpt, explainMatch, QueryTerms, searchSummary, trigramSimilarity } from './search-text';

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

  it('summarises counts', () => {
    expect(searchSummary(' roof ', { jobs: 1, tasks: 3 })).toBe('Found 3 tasks and 1 job matching "roof"');
    expect(searchSummary('roof', { jobs: 2, tasks: 0 })).toBe('Found 2 jobs matching "roof"');
    expect(searchSummary('roof', { jobs: 0, tasks: 0 })).toBe('No results found for "roof"');
    expect(searchSummary('roof', { jobs: 3, tasks: 1000, recordings: 1000 }, 1000)).toBe('Found 1000+ tasks, 3 jobs and 1000+ recordings matching "roof"');
  });
});
