import type { TranscriptConfidence } from '@fieldbook/contract';

/** pocketsphinx's word confidence (a posterior, 0–1) at or above which a word counts as confident. */
export const CONFIDENT_WORD_MIN = 0.5;

/**
 * Fewer confident words than this per second of speech: a rough draft. Measured on 120 transcripts — 10 scripts
 * spoken by flite in four voices, each clean (16 kHz) and telephone-band (300–3400 Hz at 8 kHz, PCM and μ-law;
 * bench/README.md): those with a word error rate under 50% had 1.49–3.8 confident words per second of speech, those
 * over it 0–1.85, almost all under 1.6 (4 of 120 on the wrong side of 1.6).
 */
export const ROUGH_DRAFT_BELOW_WORDS_PER_SECOND = 1.6;

export type ScoredWord = { start: number; end: number; confidence: number };

/**
 * The `word_confidence` summary of a pocketsphinx transcript. Speech time is the words' own time (pauses and noise
 * left out): on telephone-band audio the engine stretches one word over seconds, often confidently, so the share of
 * confident words alone calls garbage good — their rate per second of speech does not.
 */
export function wordConfidenceSummary(words: ScoredWord[]): TranscriptConfidence {
  const speechSeconds = words.reduce((sum, w) => sum + Math.max(0, w.end - w.start), 0);
  const confident = words.filter((w) => w.confidence >= CONFIDENT_WORD_MIN).length;
  // Nothing said (a tone, silence) is not a draft of anything: the view says no speech was recognised.
  const roughDraft = words.length > 0 && speechSeconds > 0 && confident / speechSeconds < ROUGH_DRAFT_BELOW_WORDS_PER_SECOND;
  return { measure: 'word_confidence', rough_draft: roughDraft, words: words.length, confident_words: confident, speech_seconds: Math.round(speechSeconds * 100) / 100 };
}

/** Whisper's own thresholds (openai/whisper transcribe.py): below this average log-probability a decode is unreliable. */
const LOGPROB_MIN = -1;
/** Whisper's no_speech_threshold: likely silence, so any text there is likely invented. */
const NO_SPEECH_MAX = 0.6;
/** Whisper's compression_ratio_threshold: text this repetitive is a decoding loop. */
const COMPRESSION_RATIO_MAX = 2.4;

export type ScoredSegment = { start: number; end: number; avg_logprob?: number | undefined; no_speech_prob?: number | undefined; compression_ratio?: number | undefined };

/**
 * The `segment_logprob` summary of an OpenAI-compatible API's verbose_json segments, or null when the API gave no
 * avg_logprob (confidence unknown: never called a rough draft without evidence). Rough: more than half of the
 * transcript's time is in segments Whisper itself would call unreliable.
 */
export function segmentConfidenceSummary(segments: ScoredSegment[]): TranscriptConfidence | null {
  if (segments.length === 0 || !segments.every((s) => typeof s.avg_logprob === 'number' && Number.isFinite(s.avg_logprob))) return null;
  const isLow = (s: ScoredSegment) => s.avg_logprob! < LOGPROB_MIN || (s.no_speech_prob ?? 0) > NO_SPEECH_MAX || (s.compression_ratio ?? 0) > COMPRESSION_RATIO_MAX;
  // A segment without a length (a text-only answer) counts as one second so it still weighs.
  const length = (s: ScoredSegment) => (s.end > s.start ? s.end - s.start : 1);
  const total = segments.reduce((sum, s) => sum + length(s), 0);
  const low = segments.filter(isLow);
  const share = low.reduce((sum, s) => sum + length(s), 0) / total;
  return { measure: 'segment_logprob', rough_draft: share > 0.5, segments: segments.length, low_confidence_segments: low.length, low_confidence_share: Math.round(share * 1000) / 1000 };
}
