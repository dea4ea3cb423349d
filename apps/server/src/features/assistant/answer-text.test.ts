import { ASSISTANT_NO_ANSWER, type AssistantSource } from '@fieldbook/contract';
import { describe, expect, it } from 'vitest';
import { extractiveAnswer, fallbackAnswer } from './answer-text';

const task: AssistantSource = { type: 'task', similarity: 0.9, content: 'Reseal the skylight flashing. Status: pending.', metadata: { id: 't1', description: 'Reseal the skylight flashing', url: '/tasks/t1' } };
const doc: AssistantSource = { type: 'document', similarity: 0.7, content: 'Total: $1,440.00.', metadata: { id: 'd1', name: 'Henderson estimate.pdf', url: '/documents/d1' } };

describe('extractiveAnswer', () => {
  it('quotes each passage with its number, naming a source only when the passage does not start with its name', () => {
    expect(extractiveAnswer([task, doc])).toBe(
      'Here is what your records say:\n\n[1] Task: “Reseal the skylight flashing. Status: pending.”\n\n[2] Document “Henderson estimate.pdf”: “Total: $1,440.00.”',
    );
  });

  it('says when nothing was found, and quotes at most three passages', () => {
    expect(extractiveAnswer([])).toBe(ASSISTANT_NO_ANSWER);
    expect(extractiveAnswer([doc, doc, doc, doc]).match(/\[\d\]/g)).toEqual(['[1]', '[2]', '[3]']);
  });

  it('puts the model’s failure in one line above the passages', () => {
    const text = fallbackAnswer('The language model API answered 503:\n  overloaded', [doc]);
    expect(text.split('\n\n')[0]).toBe('The language model could not be reached, so these are the passages themselves (The language model API answered 503: overloaded).');
    expect(text).toContain('[1] Document “Henderson estimate.pdf”');
  });
});
