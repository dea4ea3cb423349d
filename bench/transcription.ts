// Transcription with the embedded engine (issues 13, 22): real-time factor (seconds of compute per second of audio),
// word error rate and the transcript's confidence on calls spoken by flite from known scripts — clean (16 kHz), and
// the same calls as a phone network carries them: band-limited to 300–3400 Hz at 8 kHz, as 16-bit PCM and as μ-law.
// Each file goes through the worker's own path (transcribeAudioFile: ffprobe, ffmpeg to 16 kHz WAV, pocketsphinx).
//   node --import tsx bench/transcription.ts [--voices rms,slt,awb,kal] [--more-scripts]
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spokenCall, telephoneBand, wordErrorRate } from '../apps/server/src/features/recordings/recordings.test-helpers';
import { pocketsphinxTranscriber } from '../apps/server/src/features/recordings/transcribe/pocketsphinx';
import { transcribeAudioFile } from '../apps/server/src/features/recordings/transcription';

const SCRIPTS = [
  'The claim number is four two five zero. Call me back at five one two, five five five, zero one nine nine. The roof leaks over the back bedroom.',
  'Hi, this is the adjuster. I can come out on Thursday at ten in the morning to look at the hail damage on the north slope.',
  'We need twenty four squares of architectural shingles and new flashing around the chimney before the rain on Monday.',
  'The water heater in the basement is leaking again. Please send someone today, the tenant is home after three.',
  'Your estimate was four thousand two hundred and fifty dollars. The insurance company approved it this morning.',
];
/** Five more, used with --more-scripts (the confidence rule was chosen on all ten: bench/README.md). */
const MORE_SCRIPTS = [
  'The gutter on the garage came loose in the storm last night. Can you send a crew tomorrow morning?',
  'I measured the kitchen. It is twelve feet by fourteen feet, and the cabinets need to come out first.',
  'This is Maria from the supply yard. Your order of drywall and joint compound is ready for pickup after noon.',
  'The homeowner wants a second bid for the deck. She said the first one was too high.',
  'We found mold behind the shower wall. I will take pictures and send them to the adjuster today.',
];

const VARIANTS = {
  clean: async (wav: Buffer) => wav,
  'telephone band (8 kHz PCM)': (wav: Buffer) => telephoneBand(wav),
  'telephone band (8 kHz μ-law)': (wav: Buffer) => telephoneBand(wav, { mulaw: true }),
} as const;

// flite's voices: rms (the first benchmark's), slt, awb (16 kHz) and kal (an 8 kHz diphone voice).
const voiceArg = process.argv.indexOf('--voices');
const VOICES = voiceArg > 0 ? process.argv[voiceArg + 1]!.split(',') : ['rms'];
const scripts = process.argv.includes('--more-scripts') ? [...SCRIPTS, ...MORE_SCRIPTS] : SCRIPTS;

type Totals = { audioSeconds: number; computeSeconds: number; errors: number; words: number; calls: number; rough: number; roughOverHalf: number; overHalf: number };
const totals = new Map<string, Totals>();

const dir = await mkdtemp(path.join(os.tmpdir(), 'fieldbook-bench-stt-'));
try {
  for (const voice of VOICES) {
    for (const [i, script] of scripts.entries()) {
      const spoken = await spokenCall(script, voice);
      for (const [variant, make] of Object.entries(VARIANTS)) {
        const callDir = await mkdtemp(path.join(dir, 'call-'));
        const original = path.join(callDir, 'call.wav');
        await writeFile(original, await make(spoken));
        const started = performance.now();
        const { segments, confidence, durationSeconds } = await transcribeAudioFile({ original, fileName: 'call.wav', mimeType: 'audio/wav', transcriber: pocketsphinxTranscriber, dir: callDir });
        const seconds = (performance.now() - started) / 1000;
        const text = segments.map((s) => s.text).join(' ');
        const reference = script.replace(/[,.?]/g, '');
        const wer = wordErrorRate(reference, text);
        const refWords = reference.split(/\s+/).length;
        const t = totals.get(variant) ?? { audioSeconds: 0, computeSeconds: 0, errors: 0, words: 0, calls: 0, rough: 0, roughOverHalf: 0, overHalf: 0 };
        t.audioSeconds += durationSeconds ?? 0;
        t.computeSeconds += seconds;
        t.errors += wer * refWords;
        t.words += refWords;
        t.calls += 1;
        if (confidence?.rough_draft) t.rough += 1;
        if (wer > 0.5) t.overHalf += 1;
        if (wer > 0.5 && confidence?.rough_draft) t.roughOverHalf += 1;
        totals.set(variant, t);
        const rate = confidence?.measure === 'word_confidence' && confidence.speech_seconds > 0 ? Math.round((confidence.confident_words / confidence.speech_seconds) * 100) / 100 : null;
        console.log(JSON.stringify({ voice, call: i + 1, variant, audioSeconds: durationSeconds, computeSeconds: Math.round(seconds * 100) / 100, wer: Math.round(wer * 1000) / 10, confidentWordsPerSecond: rate, roughDraft: confidence?.rough_draft ?? null, heard: text }));
        await rm(callDir, { recursive: true, force: true });
      }
    }
  }
  for (const [variant, t] of totals) {
    console.log(
      JSON.stringify({
        variant,
        voices: VOICES,
        calls: t.calls,
        audioSeconds: Math.round(t.audioSeconds * 10) / 10,
        realTimeFactor: Math.round((t.computeSeconds / t.audioSeconds) * 1000) / 1000,
        wordErrorRatePercent: Math.round((t.errors / t.words) * 1000) / 10,
        roughDrafts: t.rough,
        callsOverHalfWrong: t.overHalf,
        ofThemRoughDrafts: t.roughOverHalf,
        loadAverage: os.loadavg().map((n) => Math.round(n * 10) / 10),
      }),
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
