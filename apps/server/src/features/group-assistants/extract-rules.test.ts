import { describe, expect, it } from 'vitest';
import { documentPairs, isQuestion, qualityScore, transcriptPairs } from './extract-rules';

describe('extraction rules', () => {
  it('finds questions without a question mark in a recognizer’s unpunctuated segments', () => {
    expect(isQuestion('how much does a new gutter cost')).toBe(true);
    expect(isQuestion('Do the north side first.')).toBe(false);
    expect(transcriptPairs(['how much does a new gutter cost', 'it is about twelve dollars a foot installed', 'okay thanks'])).toEqual([
      { question: 'how much does a new gutter cost', answer: 'it is about twelve dollars a foot installed' },
    ]);
  });

  it('answers with at most three sentences, stopping at the next question or at filler', () => {
    const pairs = transcriptPairs(['Can you start Monday? We can. The crew arrives at seven. We bring the dumpster. We leave at five. Is that fine?', 'Sure.']);
    expect(pairs).toEqual([
      { question: 'Can you start Monday?', answer: 'We can. The crew arrives at seven. We bring the dumpster.' },
      { question: 'Is that fine?', answer: 'Sure.' },
    ]);
  });

  it('turns a document’s headings and labelled lines into questions about it', () => {
    expect(documentPairs('PAYMENT TERMS\nHalf up front, the rest on completion.\nDeposit: $500 due at signing.', 'Smith contract.docx')).toEqual([
      { question: 'What does the Smith contract say about payment terms?', answer: 'Half up front, the rest on completion.' },
      { question: 'What is the deposit in the Smith contract?', answer: 'Deposit: $500 due at signing.' },
    ]);
  });

  it('scores a real question with a substantial answer above a bare yes, and an answer that is a question lowest', () => {
    const good = qualityScore({ question: 'When can your crew come out to look at the roof?', answer: 'We can be there Tuesday morning around nine to look at the roof.' });
    const bare = qualityScore({ question: 'Do you replace skylight flashing too?', answer: 'Yes.' });
    const dodge = qualityScore({ question: 'Do you replace skylight flashing too?', answer: 'Why do you ask?' });
    expect(good).toBeGreaterThan(0.9);
    expect(bare).toBeLessThan(0.6);
    expect(dodge).toBeLessThan(bare);
    for (const s of [good, bare, dodge]) expect(s).toBeGreaterThanOrEqual(0);
  });
});
