import { describe, expect, it } from 'vitest';
import { startTableWorker } from './table-worker';

/** A row whose work ends when the test says so. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('table worker close (graceful shutdown)', () => {
  it('waits for the row in hand, then claims nothing more', async () => {
    const rows = [1, 2, 3];
    const done: number[] = [];
    const started = gate();
    const release = gate();
    const worker = startTableWorker<number>({
      claim: async () => rows.shift() ?? null,
      work: async (row) => {
        started.open();
        await release.opened;
        done.push(row);
      },
    });
    const draining = worker.drain();
    await started.opened;

    let isClosed = false;
    const closing = worker.close().then(() => (isClosed = true));
    await new Promise((r) => setImmediate(r));
    expect(isClosed).toBe(false); // row 1 is still being worked on

    release.open();
    await closing;
    expect(done).toEqual([1]);
    expect(rows).toEqual([2, 3]); // left for another process, or this one after a restart
    expect(await draining).toBe(1);
    expect(await worker.drain()).toBe(0);
  });

  it('resolves at once when nothing is running, and after a drain that failed', async () => {
    const idle = startTableWorker<number>({ claim: async () => null, work: async () => {} });
    await idle.close();

    const failing = startTableWorker<number>({
      claim: async () => 1,
      work: async () => {
        throw new Error('boom');
      },
    });
    const draining = failing.drain();
    await failing.close();
    await expect(draining).rejects.toThrow('boom');
  });
});
