import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { childNiceness } from '../../../platform/child-priority';
import { MissingProgramError, runTool } from './audio-tools';

describe('the embedded transcription tools (ffmpeg, ffprobe, pocketsphinx)', () => {
  it('run below the server\'s CPU priority, so a call being transcribed never takes the cores from the requests', async () => {
    const out = await runTool(process.execPath, ['-e', 'process.stdout.write(String(require("node:os").getPriority()))'], { timeoutMs: 20_000 });
    expect(Number(out)).toBe(childNiceness(getPriority()));
    if (getPriority() < 19) expect(Number(out)).toBeGreaterThan(getPriority());
  });

  it('say which program is missing, and keep the last lines of a failing one\'s error output', async () => {
    await expect(runTool('fieldbook-no-such-program', [], { timeoutMs: 5_000 })).rejects.toThrow(MissingProgramError);
    await expect(runTool(process.execPath, ['-e', 'console.error("first\\nsecond\\nthird"); process.exit(2)'], { timeoutMs: 20_000 })).rejects.toThrow(`${process.execPath} failed: second third`);
  });
});
