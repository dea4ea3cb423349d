import { execFile } from 'node:child_process';
import { lowerChildPriority } from '../../../platform/child-priority';

/** execFile with its outputs, the child started below the server's priority (platform/child-priority.ts). */
function run(program: string, args: string[], opts: { timeout: number; maxBuffer: number }): Promise<{ stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile(program, args, { ...opts, encoding: 'utf8' }, (err, stdout, stderr) => (err ? reject(Object.assign(err, { stdout, stderr })) : resolve({ stdout })));
    lowerChildPriority(child);
  });
}

/** Thrown when a program the embedded transcription needs is not installed (npm run setup:system installs it). */
export class MissingProgramError extends Error {}

async function tool(program: string, args: string[], opts: { timeoutMs: number }): Promise<string> {
  try {
    const { stdout } = await run(program, args, { timeout: opts.timeoutMs, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new MissingProgramError(`${program} is not installed on the server (npm run setup:system installs it)`);
    const stderr = String((err as { stderr?: string }).stderr ?? '').trim().split('\n').slice(-2).join(' ');
    throw new Error(`${program} failed${stderr ? `: ${stderr}` : ''}`);
  }
}

/** The audio's length in seconds (ffprobe), or null when the container does not say. */
export async function audioDuration(file: string): Promise<number | null> {
  const out = await tool('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { timeoutMs: 60_000 });
  const seconds = Number.parseFloat(out.trim());
  return Number.isFinite(seconds) ? Math.round(seconds * 100) / 100 : null;
}

/** Decodes any recorder's audio and resamples it to what speech recognisers read: 16 kHz mono 16-bit WAV. */
export async function toSpeechWav(input: string, output: string, durationSeconds: number | null): Promise<void> {
  // Decoding runs far faster than real time; the timeout only stops a stuck process.
  const timeoutMs = Math.max(60_000, (durationSeconds ?? 600) * 1000);
  await tool('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', input, '-vn', '-ac', '1', '-ar', '16000', '-sample_fmt', 's16', '-f', 'wav', output], { timeoutMs });
}

export { tool as runTool };
