import type { TranscriptSegment } from '@fieldbook/contract';
import { runTool } from './audio-tools';
import { wordConfidenceSummary, type ScoredWord } from './confidence';
import type { Transcriber } from './transcriber';

/** Words the decoder writes that are not speech. */
const NOT_WORDS = /^(<s>|<\/s>|<sil>|\[NOISE\]|\+\+.*\+\+|\[.*\])$/;

/**
 * Parses `pocketsphinx_continuous -time yes`: per utterance a line of its text, then one line per word
 * "word start end confidence" (alternative pronunciations as "word(2)"). Each utterance becomes a segment; the words
 * keep their confidence (a posterior: 0–1, printed a hair over 1 at times) for the transcript's confidence summary.
 */
export function parsePocketsphinxOutput(output: string): { segments: TranscriptSegment[]; words: ScoredWord[] } {
  const segments: TranscriptSegment[] = [];
  const scored: ScoredWord[] = [];
  let words: { word: string; start: number; end: number }[] = [];
  const flush = () => {
    if (words.length) segments.push({ start: words[0]!.start, end: words[words.length - 1]!.end, text: words.map((w) => w.word).join(' ') });
    words = [];
  };
  for (const line of output.split('\n')) {
    const m = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/.exec(line.trim());
    if (!m) continue;
    const [, token, start, end, confidence] = m as unknown as [string, string, string, string, string];
    if (token === '<s>') flush();
    if (token === '</s>') {
      flush();
      continue;
    }
    if (NOT_WORDS.test(token)) continue;
    words.push({ word: token.replace(/\(\d+\)$/, ''), start: Number(start), end: Number(end) });
    scored.push({ start: Number(start), end: Number(end), confidence: Math.min(1, Number(confidence)) });
  }
  flush();
  return { segments, words: scored };
}

/** The segments of `pocketsphinx_continuous -time yes` output (see parsePocketsphinxOutput). */
export function parsePocketsphinx(output: string): TranscriptSegment[] {
  return parsePocketsphinxOutput(output).segments;
}

/**
 * The embedded engine (design.md §3): Debian's pocketsphinx with its US English model, offline. Modest accuracy
 * on phone audio; the transcript says it made it.
 */
export const pocketsphinxTranscriber: Transcriber = {
  engine: 'pocketsphinx (en-us)',
  async transcribe({ wav16k, durationSeconds }) {
    // Decoding takes about a third of real time on one core here; the timeout only stops a stuck process.
    const out = await runTool('pocketsphinx_continuous', ['-infile', wav16k, '-time', 'yes', '-logfn', '/dev/null'], { timeoutMs: Math.max(120_000, (durationSeconds ?? 600) * 3000) });
    const { segments, words } = parsePocketsphinxOutput(out);
    return { segments, confidence: wordConfidenceSummary(words) };
  },
};
