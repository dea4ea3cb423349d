/**
 * Question/answer pairs found by rules, for when no language model is configured (and the quality score every pair
 * gets, however it was found). The rules are plain and measurable, not clever:
 * - a call transcript: a sentence that is a question (ends with '?', or starts with what/when/how/can/do/is/…),
 *   answered by the next one to three sentences that are not questions themselves;
 * - a document: the same, plus labelled lines ("Scope of work: …", "Total: …") and short headings followed by a
 *   paragraph, turned into a question about the document.
 */

export type QaPair = { question: string; answer: string };

/** Pairs scoring at least this are approved by an extraction with auto_approve (the others wait for review). */
export const AUTO_APPROVE_QUALITY = 0.6;

const QUESTION_WORDS = new Set(['what', 'when', 'where', 'why', 'who', 'whom', 'whose', 'which', 'how', 'can', 'could', 'do', 'does', 'did', 'is', 'are', 'was', 'were', 'will', 'would', 'should', 'shall', 'have', 'has', 'may', 'might']);
const STOP_WORDS = new Set([
  ...QUESTION_WORDS,
  'a', 'an', 'the', 'and', 'or', 'but', 'if', 'of', 'to', 'in', 'on', 'at', 'for', 'with', 'by', 'from', 'it', 'its', "it's", 'this', 'that', 'these', 'those',
  'i', "i'm", 'me', 'my', 'you', 'your', 'we', 'our', 'us', 'he', 'she', 'they', 'them', 'their', 'be', 'been', 'am', 'so', 'just', 'yeah', 'yes', 'no', 'ok',
  'okay', 'alright', 'um', 'uh', 'oh', 'well', 'like', 'right', 'sure', 'thanks', 'thank', 'bye', 'hi', 'hello', 'great', 'perfect', 'cool', 'there', 'here', 'then', 'than', 'not', 'any', 'some', 'about', 'up', 'out', 'get', 'got',
]);
/** Answers at most this many sentences, and this many characters. */
const MAX_ANSWER_SENTENCES = 3;
const MAX_ANSWER_CHARS = 600;
const MAX_QUESTION_CHARS = 300;

const words = (s: string) => s.toLowerCase().match(/[a-z0-9$][a-z0-9'$.,]*[a-z0-9]|[a-z0-9]/g) ?? [];
const contentWords = (s: string) => words(s).filter((w) => !STOP_WORDS.has(w));
const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Sentences of one line of text (a line without end punctuation — a recognizer's segment — is one sentence). */
function sentencesOf(line: string): string[] {
  return line
    .split(/(?<=[.?!])\s+(?=["'(]?[A-Z0-9])/)
    .map(clean)
    .filter(Boolean);
}

export function isQuestion(sentence: string): boolean {
  const s = sentence.trim();
  if (s.endsWith('?')) return true;
  // Without the mark (speech recognizers write none) only a question word first, and not a statement's end.
  const first = words(s)[0];
  return first !== undefined && QUESTION_WORDS.has(first) && !/[.!]$/.test(s) && words(s).length >= 3;
}

/** The question rule over a run of sentences: a question, then its answer from the next non-question sentences. */
function questionPairs(sentences: string[]): QaPair[] {
  const pairs: QaPair[] = [];
  for (let i = 0; i < sentences.length; i++) {
    const q = sentences[i]!;
    if (!isQuestion(q) || words(q).length < 3 || q.length > MAX_QUESTION_CHARS) continue;
    const answer: string[] = [];
    for (let j = i + 1; j < sentences.length && answer.length < MAX_ANSWER_SENTENCES; j++) {
      const s = sentences[j]!;
      if (isQuestion(s)) break;
      // Filler after an answer ("Okay.", "Right.") ends it.
      if (answer.length > 0 && contentWords(s).length === 0) break;
      if (answer.join(' ').length + s.length > MAX_ANSWER_CHARS && answer.length > 0) break;
      answer.push(s);
    }
    if (answer.length > 0) pairs.push({ question: q, answer: clean(answer.join(' ')).slice(0, MAX_ANSWER_CHARS) });
  }
  return pairs;
}

/** Pairs from a call transcript: its segments (or its text's lines), split into sentences, through the question rule. */
export function transcriptPairs(segments: string[]): QaPair[] {
  return questionPairs(segments.flatMap((seg) => sentencesOf(seg)));
}

const LABEL = /^([A-Z][A-Za-z0-9 &/'()-]{1,48}?)\s*:\s+(\S.*)$/;
const HEADING_END = /[.?!:;,]$/;

function isHeading(line: string): boolean {
  const w = line.split(/\s+/);
  if (w.length > 8 || HEADING_END.test(line) || !/[A-Za-z]{3}/.test(line)) return false;
  // ALL CAPS, or Title Case (every longer word capitalized).
  return line === line.toUpperCase() || w.filter((x) => x.length > 3).every((x) => /^[A-Z0-9]/.test(x));
}

/** "Henderson estimate.pdf" → "Henderson estimate". */
const docTitle = (name: string) => name.replace(/\.[a-z0-9]{2,5}$/i, '').trim() || 'document';

/** Pairs from a document's extracted text: labelled lines, headings with their paragraph, and questions it answers. */
export function documentPairs(text: string, documentName: string): QaPair[] {
  const title = docTitle(documentName);
  const lines = text.split(/\r?\n/).map(clean).filter(Boolean);
  const pairs: QaPair[] = [];
  for (const [i, line] of lines.entries()) {
    const sentences = sentencesOf(line);
    // Labels, also inside a line (extracted PDF text often loses its line breaks): the label's sentence and the
    // sentences after it up to the next label.
    for (let s = 0; s < sentences.length; s++) {
      const m = LABEL.exec(sentences[s]!);
      if (!m) continue;
      const label = m[1]!.trim();
      if (label.split(/\s+/).length > 6) continue;
      const value = [m[2]!];
      for (let k = s + 1; k < sentences.length && value.length < MAX_ANSWER_SENTENCES && !LABEL.test(sentences[k]!); k++) value.push(sentences[k]!);
      pairs.push({ question: `What is the ${label.toLowerCase()} in the ${title}?`, answer: clean(`${label}: ${value.join(' ')}`).slice(0, MAX_ANSWER_CHARS) });
    }
    const next = lines[i + 1];
    if (isHeading(line) && next && !isHeading(next) && !LABEL.test(next)) {
      const paragraph = sentencesOf(next).slice(0, MAX_ANSWER_SENTENCES).join(' ');
      pairs.push({ question: `What does the ${title} say about ${line.toLowerCase()}?`, answer: paragraph.slice(0, MAX_ANSWER_CHARS) });
    }
  }
  pairs.push(...questionPairs(lines.flatMap(sentencesOf)));
  return pairs;
}

/**
 * How useful a pair looks for training, 0–1, from features anyone can check: a question of a sensible length that
 * is really a question; an answer with some length and substance (content words, not filler) that is not itself a
 * question; and words the two share (an answer on the question's subject).
 */
export function qualityScore({ question, answer }: QaPair): number {
  const qWords = words(question).length;
  const aWords = words(answer).length;
  const qLength = qWords >= 4 && qWords <= 25 ? 1 : qWords === 3 ? 0.6 : qWords > 25 ? 0.5 : 0.2;
  const qReal = question.trim().endsWith('?') ? 1 : isQuestion(question) ? 0.7 : 0.3;
  const aLength = aWords >= 6 && aWords <= 60 ? 1 : aWords > 60 ? 0.7 : aWords >= 3 ? 0.5 : 0.1;
  const aContent = contentWords(answer);
  const substance = aWords ? Math.min(1, aContent.length / aWords / 0.5) : 0;
  const qContent = new Set(contentWords(question));
  const overlap = aContent.some((w) => qContent.has(w)) ? 1 : 0.5;
  const score = 0.2 * qLength + 0.15 * qReal + 0.3 * aLength + 0.2 * substance + 0.15 * overlap;
  // A question answered with a question ("Why do you ask?") teaches nothing, however long.
  const answerIsQuestion = answer.trim().endsWith('?');
  return Math.round(score * (answerIsQuestion ? 0.5 : 1) * 100) / 100;
}
