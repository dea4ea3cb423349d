/** A piece of an answer: plain text, or a citation of source `n` (1-based, as the answer writes it). */
export type AnswerSegment = { kind: 'text'; text: string } | { kind: 'citation'; n: number };

// "[2]" and "[1, 3]"; a model may write either.
const CITATION = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;

/**
 * Splits an answer into text and citations of its sources. Only numbers of sources that exist become citations
 * ("[7]" with three sources stays text, as does "[2024]"), so a badge always opens something.
 */
export function splitCitations(answer: string, sourceCount: number): AnswerSegment[] {
  const segments: AnswerSegment[] = [];
  const pushText = (text: string) => {
    if (!text) return;
    const last = segments.at(-1);
    if (last?.kind === 'text') last.text += text;
    else segments.push({ kind: 'text', text });
  };
  let from = 0;
  for (const match of answer.matchAll(CITATION)) {
    const numbers = match[1]!.split(',').map((s) => Number(s.trim()));
    pushText(answer.slice(from, match.index));
    if (numbers.every((n) => n >= 1 && n <= sourceCount)) for (const n of numbers) segments.push({ kind: 'citation', n });
    else pushText(match[0]);
    from = match.index + match[0].length;
  }
  pushText(answer.slice(from));
  return segments;
}
