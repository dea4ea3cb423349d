/**
 * A WAV file of any size whose sound is short: a second of tone after a JUNK chunk (RIFF padding every reader skips)
 * that makes up the size. It is recognised as audio by its first bytes and transcribes in a moment, so the resumable
 * upload tests, the browser test and the memory benchmark can send 50–100 MB of real audio without a long decode.
 */
export function paddedWav(totalBytes: number, opts: { seconds?: number; sampleRate?: number; fill?: number } = {}): Buffer {
  const sampleRate = opts.sampleRate ?? 8000;
  const samples = Math.round((opts.seconds ?? 1) * sampleRate);
  const dataBytes = samples * 2;
  const fixed = 12 + 24 + 8 + 8 + dataBytes; // RIFF/WAVE, fmt, JUNK header, data header + samples
  let junk = totalBytes - fixed;
  if (junk < 0) throw new Error(`A padded WAV needs at least ${fixed} bytes`);
  if (junk % 2 === 1) junk -= 1; // chunks are word-aligned: the odd byte goes after the data
  const file = Buffer.alloc(totalBytes, 0);
  let at = 0;
  at += file.write('RIFF', at);
  at = file.writeUInt32LE(totalBytes - 8, at);
  at += file.write('WAVE', at);
  at += file.write('fmt ', at);
  at = file.writeUInt32LE(16, at);
  at = file.writeUInt16LE(1, at); // PCM
  at = file.writeUInt16LE(1, at); // mono
  at = file.writeUInt32LE(sampleRate, at);
  at = file.writeUInt32LE(sampleRate * 2, at);
  at = file.writeUInt16LE(2, at);
  at = file.writeUInt16LE(16, at);
  at += file.write('JUNK', at);
  at = file.writeUInt32LE(junk, at);
  // The padding: a byte pattern (not all zeros), so a resumed upload that lost or repeated bytes would not compare equal.
  const fill = opts.fill ?? 0;
  for (let i = 0; i < junk; i++) file[at + i] = (i * 31 + fill) & 0xff;
  at += junk;
  at += file.write('data', at);
  at = file.writeUInt32LE(dataBytes, at);
  for (let i = 0; i < samples; i++) at = file.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 8000), at);
  return file;
}
