import { describe, expect, it } from 'vitest';
import { queryTerms, toSource, type Candidate } from './passage';

const faq: Candidate = {
  type: 'document',
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Roofing FAQ.txt',
  body: [
    'What happens if rotten decking is found?',
    'Rotten decking is replaced at the price per sheet written in the contract.',
    'When is the final payment due?',
    'The final payment is due after the final inspection passes.',
    'Which shingle colors are in stock?',
    'Charcoal and driftwood shingles are in stock.',
  ].join('\n'),
  job_id: null,
  extra: 'uploaded',
  score: 0.2,
};

describe('toSource', () => {
  it('cuts the window where the question’s words come up most — a FAQ’s question with its answer, not the lines before it', () => {
    const s = toSource(faq, queryTerms('When is the final payment due?'));
    expect(s.content).toContain('When is the final payment due? The final payment is due after the final inspection passes.');
    expect(s.content).not.toContain('rotten decking');
  });

  it('measures relevance by the question’s words that say something, not its stop words', () => {
    const withStopWords = toSource(faq, queryTerms('what is the final payment about?'));
    const without = toSource(faq, queryTerms('final payment'));
    expect(withStopWords.similarity).toBe(without.similarity);
    expect(without.similarity).toBeGreaterThan(0.65);
    expect(without.metadata).toMatchObject({ name: 'Roofing FAQ.txt', url: `/documents/${faq.id}` });
  });
});
