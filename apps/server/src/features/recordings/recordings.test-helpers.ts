import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** A WAV file (16-bit PCM mono) of a tone: real audio any decoder reads, made without any tool. */
export function wavTone(seconds: number, sampleRate = 8000, hz = 440): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hz * i) / sampleRate) * 8000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Whether a program is on the PATH (the transcription tests need flite, ffmpeg and pocketsphinx). */
export async function hasProgram(name: string): Promise<boolean> {
  try {
    await promisify(execFile)('sh', ['-c', `command -v ${name}`]);
    return true;
  } catch {
    return false;
  }
}

/** A call spoken by Debian's flite (voice rms unless told) into a WAV file. */
export async function spokenCall(text: string, voice = 'rms'): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fieldbook-tts-'));
  try {
    const file = path.join(dir, 'call.wav');
    await promisify(execFile)('flite', ['-voice', voice, '-t', text, '-o', file]);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The audio as a phone network carries it: band-limited to 300–3400 Hz and resampled to 8 kHz mono, as 16-bit PCM or
 * μ-law (G.711, `mulaw`) in a WAV file.
 */
export async function telephoneBand(wav: Buffer, opts: { mulaw?: boolean } = {}): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fieldbook-phone-'));
  try {
    const input = path.join(dir, 'in.wav');
    const output = path.join(dir, 'out.wav');
    await writeFile(input, wav);
    const codec = opts.mulaw ? ['-c:a', 'pcm_mulaw'] : ['-c:a', 'pcm_s16le'];
    await promisify(execFile)('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', input, '-af', 'highpass=f=300,lowpass=f=3400', '-ar', '8000', '-ac', '1', ...codec, output]);
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Word error rate: word-level edit distance over the reference's length (lower case, letters and digits only). */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const words = (t: string) => t.toLowerCase().replace(/[^a-z0-9' ]+/g, ' ').split(/\s+/).filter(Boolean);
  const ref = words(reference);
  const hyp = words(hypothesis);
  let prev = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const cur = [i];
    for (let j = 1; j <= hyp.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1));
    prev = cur;
  }
  return ref.length ? prev[hyp.length]! / ref.length : 0;
}
