import { describe, expect, it } from 'vitest';
import { segmentConfidenceSummary, wordConfidenceSummary } from './confidence';
import { parsePocketsphinxOutput } from './pocketsphinx';

// Real `pocketsphinx_continuous -time yes` output (bench/transcription.ts's scripts spoken by flite, through the
// worker's path). The script: "Hi, this is the adjuster. I can come out on Thursday at ten in the morning to look at
// the hail damage on the north slope." — clean 16 kHz speech (word error rate 19%):
const CLEAN = [
  'hi this is the adjuster i can come out on tour she had him in the morning to look at the old damage on the north slope',
  '<s> 0.060 0.120 0.998601',
  'hi 0.130 0.380 0.790233',
  'this 0.390 0.770 0.993421',
  'is 0.780 0.940 0.997902',
  'the(2) 0.950 1.050 0.873615',
  'adjuster 1.060 1.680 0.703462',
  '<sil> 1.690 1.750 0.899683',
  'i 1.760 1.940 0.910637',
  'can 1.950 2.300 0.887973',
  'come 2.310 2.620 0.998701',
  'out 2.630 2.840 0.999000',
  'on(2) 2.850 3.000 0.466318',
  'tour 3.010 3.250 0.009280',
  'she 3.260 3.500 0.098661',
  'had 3.510 3.750 0.608014',
  'him 3.760 3.940 0.163947',
  'in 3.950 4.080 0.701987',
  'the 4.090 4.180 0.916668',
  'morning 4.190 4.600 0.999800',
  'to(3) 4.610 4.730 0.632324',
  'look 4.740 4.950 0.999800',
  'at 4.960 5.180 0.979902',
  '<sil> 5.190 5.210 0.412507',
  'the 5.220 5.560 0.594901',
  'old 5.570 5.780 0.149401',
  'damage 5.790 6.290 0.589452',
  'on(2) 6.300 6.430 0.708334',
  'the 6.440 6.500 0.751689',
  'north 6.510 6.830 0.722572',
  'slope 6.840 7.350 0.829260',
  '</s> 7.360 7.410 1.000000',
].join('\n');
// The same script in voice rms, band-limited to 300–3400 Hz at 8 kHz (word error rate 100%): one word stretched over
// 5.7 s — and a few words only, so the share of words above a threshold says little.
const TELEPHONE = [
  'but it it hm or what',
  '<s> 0.060 0.190 0.999400',
  'but 0.200 0.590 0.518313',
  'it 0.600 0.780 0.385849',
  'it 0.790 0.890 0.020809',
  'hm 0.900 6.570 0.046377',
  'or 6.580 6.730 0.002481',
  'what(2) 6.740 7.190 0.002306',
  '</s> 7.200 7.410 1.000000',
].join('\n');
// Another voice through the telephone band (word error rate 100%): two words, both at confidence 1.0, for 5.5 s.
const TELEPHONE_CONFIDENT_GARBAGE = [
  'while not',
  '<s> 0.150 0.220 1.000000',
  'while(2) 0.230 5.320 1.000000',
  'not 5.330 5.680 1.000000',
].join('\n');

describe('the confidence of a pocketsphinx transcript', () => {
  it('keeps each word’s confidence (capped at 1) beside the segments, without silences and sentence marks', () => {
    const { segments, words } = parsePocketsphinxOutput(CLEAN);
    expect(segments).toHaveLength(1);
    expect(segments[0]!.text.split(' ')).toHaveLength(words.length);
    expect(words[0]).toEqual({ start: 0.13, end: 0.38, confidence: 0.790233 });
    expect(words.every((w) => w.confidence >= 0 && w.confidence <= 1)).toBe(true);
    expect(parsePocketsphinxOutput(TELEPHONE_CONFIDENT_GARBAGE).words.map((w) => w.confidence)).toEqual([1, 1]);
  });

  it('clean speech is not a rough draft; telephone-band garbage is, even when the engine is sure of its few words', () => {
    const clean = wordConfidenceSummary(parsePocketsphinxOutput(CLEAN).words);
    expect(clean).toMatchObject({ measure: 'word_confidence', rough_draft: false, words: 27, confident_words: 22 });
    if (clean.measure !== 'word_confidence') throw new Error('measure');
    expect(clean.confident_words / clean.speech_seconds).toBeGreaterThan(3);

    expect(wordConfidenceSummary(parsePocketsphinxOutput(TELEPHONE).words)).toMatchObject({ rough_draft: true, words: 6, confident_words: 1 });
    const sure = wordConfidenceSummary(parsePocketsphinxOutput(TELEPHONE_CONFIDENT_GARBAGE).words);
    // Every word it wrote is confident — still a rough draft: 2 words in 5.44 s of speech.
    expect(sure).toEqual({ measure: 'word_confidence', rough_draft: true, words: 2, confident_words: 2, speech_seconds: 5.44 });
  });

  it('nothing said is not a rough draft', () => {
    expect(wordConfidenceSummary([])).toEqual({ measure: 'word_confidence', rough_draft: false, words: 0, confident_words: 0, speech_seconds: 0 });
  });
});

describe('the confidence of an OpenAI-compatible transcript (verbose_json segments)', () => {
  it('is unknown without avg_logprob, never a rough draft without evidence', () => {
    expect(segmentConfidenceSummary([{ start: 0, end: 2 }])).toBeNull();
    expect(segmentConfidenceSummary([])).toBeNull();
  });

  it('is a rough draft when most of the time is in segments Whisper would call unreliable', () => {
    const good = { start: 0, end: 8, avg_logprob: -0.2, no_speech_prob: 0.01, compression_ratio: 1.3 };
    expect(segmentConfidenceSummary([good, { start: 8, end: 10, avg_logprob: -1.4 }])).toEqual({
      measure: 'segment_logprob',
      rough_draft: false,
      segments: 2,
      low_confidence_segments: 1,
      low_confidence_share: 0.2,
    });
    const lowSegments = [
      { start: 0, end: 4, avg_logprob: -1.2 },
      { start: 4, end: 7, avg_logprob: -0.3, no_speech_prob: 0.9 },
      { start: 7, end: 9, avg_logprob: -0.1, compression_ratio: 3.1 },
    ];
    expect(segmentConfidenceSummary([...lowSegments, { start: 9, end: 10, avg_logprob: -0.1 }])).toMatchObject({ rough_draft: true, low_confidence_segments: 3, low_confidence_share: 0.9 });
  });
});
