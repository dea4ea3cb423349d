import { Readable } from 'node:stream';
import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { childNiceness } from '../child-priority';
import { CHILD_STOPPED, ChildFailed, ProcessingStopped } from './limits';
import { runInChild, type ChildEntry } from './run-in-child';

const CHILD: ChildEntry = { built: 'no-such-bundle.js', source: new URL('./run-in-child.test-child.ts', import.meta.url) };
const LIMITS = { timeoutMs: 20_000, heapMb: 64, memoryMb: 512 };
/** Far more than a pipe holds (64 KB): the writes wait for a child that reads. */
const INPUT = Buffer.alloc(8 * 1024 * 1024, 7);

describe('runInChild', () => {
  it('answers what the child answers, having streamed it the whole input', async () => {
    const { reply } = await runInChild<{ bytes: number }>({ entry: CHILD, request: { act: 'count' }, input: INPUT, limits: LIMITS });
    expect(reply).toEqual({ bytes: INPUT.length, niceness: expect.any(Number) });
  });

  it("runs the child below the server's CPU priority, so a file's work never takes the cores from the requests", async () => {
    const { reply } = await runInChild<{ niceness: number }>({ entry: CHILD, request: { act: 'priority' }, input: Buffer.from('x'), limits: LIMITS });
    // 10 below this process (a test run under `nice` included), at most 19.
    expect(reply.niceness).toBe(childNiceness(getPriority()));
    if (getPriority() < 19) expect(reply.niceness).toBeGreaterThan(getPriority());
  });

  it('a child stopped at its time while the input is still being streamed: the time is the reason, not the broken pipe', async () => {
    // Like a stored document's stream, still open when the child is stopped. Before, the write's EPIPE destroyed the
    // input through pipeline() and was reported as the input's own error ("write EPIPE", retried) instead of the limit.
    const limits = { ...LIMITS, timeoutMs: 1500 };
    const input = Readable.from((function* () {
      for (let at = 0; at < INPUT.length; at += 64 * 1024) yield INPUT.subarray(at, at + 64 * 1024);
    })());
    const stopped = runInChild({ entry: CHILD, request: { act: 'hang' }, input, limits });
    await expect(stopped).rejects.toThrow(ProcessingStopped);
    await expect(stopped).rejects.toThrow(CHILD_STOPPED.time(limits));
  });

  it('a child that ends without an answer fails with ChildFailed', async () => {
    const ended = runInChild({ entry: CHILD, request: { act: 'exit' }, input: Buffer.from('x'), limits: LIMITS });
    await expect(ended).rejects.toThrow(ChildFailed);
    await expect(ended).rejects.toThrow(/exit code 3/);
  });
});
