/**
 * A WAV file, 16-bit PCM mono: real audio any decoder reads and the upload path recognises by its first bytes, made
 * without a tool. Silence unless `sample` gives each sample's value (-32768…32767). Plain TypeScript (types erased
 * only), so bench/crash.mjs imports it as it is.
 */
export function wavFile({ seconds, sampleRate = 8000, sample }: { seconds: number; sampleRate?: number; sample?: (i: number) => number }): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  if (sample) for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(sample(i)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16); // format chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // bytes a second
  header.writeUInt16LE(2, 32); // bytes a sample
  header.writeUInt16LE(16, 34); // bits a sample
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
