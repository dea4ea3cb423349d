// Transcription with the embedded engine (issue 13): real-time factor (seconds of compute per second of audio) and
// word error rate on calls spoken by flite from known scripts.
//   node --import tsx bench/transcription.ts
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spokenCall, wordErrorRate } from '../apps/server/src/features/recordings/recordings.test-helpers';
import { audioDuration, toSpeechWav } from '../apps/server/src/features/recordings/transcribe/audio-tools';
import { pocketsphinxTranscriber } from '../apps/server/src/features/recordings/transcribe/pocketsphinx';

const SCRIPTS = [
  'The claim number is four two five zero. Call me back at five one two, five five five, zero one nine nine. The roof leaks over the back bedroom.',
  'Hi, this is the adjuster. I can come out on Thursday at ten in the morning to look at the hail damage on the north slope.',
  'We need twenty four squares of architectural shingles and new flashing around the chimney before the rain on Monday.',
  'The water heater in the basement is leaking again. Please send someone today, the tenant is home after three.',
  'Your estimate was four thousand two hundred and fifty dollars. The insurance company approved it this morning.',
];

const dir = await mkdtemp(path.join(os.tmpdir(), 'fieldbook-bench-stt-'));
let audioSeconds = 0;
let computeSeconds = 0;
let errors = 0;
let words = 0;
try {
  for (const [i, script] of SCRIPTS.entries()) {
    const original = path.join(dir, `call-${i}.wav`);
    await writeFile(original, await spokenCall(script));
    const started = performance.now();
    const duration = await audioDuration(original);
    const wav = path.join(dir, `call-${i}-16k.wav`);
    await toSpeechWav(original, wav, duration);
    const segments = await pocketsphinxTranscriber.transcribe({ original, fileName: 'call.wav', mimeType: 'audio/wav', wav16k: wav, durationSeconds: duration });
    const seconds = (performance.now() - started) / 1000;
    const text = segments.map((s) => s.text).join(' ');
    const reference = script.replace(/[,.]/g, '');
    const wer = wordErrorRate(reference, text);
    const refWords = reference.split(/\s+/).length;
    audioSeconds += duration ?? 0;
    computeSeconds += seconds;
    errors += wer * refWords;
    words += refWords;
    console.log(JSON.stringify({ call: i + 1, audioSeconds: duration, computeSeconds: Math.round(seconds * 100) / 100, wer: Math.round(wer * 1000) / 10, heard: text }));
  }
  console.log(JSON.stringify({ calls: SCRIPTS.length, audioSeconds: Math.round(audioSeconds * 10) / 10, realTimeFactor: Math.round((computeSeconds / audioSeconds) * 1000) / 1000, wordErrorRatePercent: Math.round((errors / words) * 1000) / 10, loadAverage: os.loadavg().map((n) => Math.round(n * 10) / 10) }));
} finally {
  await rm(dir, { recursive: true, force: true });
}
